import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/dashboard';

const dashboard: TranslationShape<typeof en> = {
  title: 'Tu panel',
  menu: {
    label: 'Menú del panel',
    open: 'Menú',
    close: 'Cerrar menú',
    scheduledEvents: 'Eventos programados',
    media: 'Multimedia',
    account: 'Cuenta',
  },
  tabs: { ScheduleEvent: 'Programar un evento', MyEvents: 'Mis eventos', Profile: 'Perfil', Media: 'Multimedia', Security: 'Seguridad' },
  schedule: {
    memberTitle: 'Programar eventos es cosa de organizadores',
    memberText: 'Los organizadores de este sitio programan sus eventos en directo. Si deberías serlo, pide al administrador del sitio que dé a tu cuenta el rol de organizador. Mientras tanto puedes unirte a cualquier evento público.',
    browse: 'Ver eventos en directo y próximos',
    rehearse: 'Ensaya antes',
    rehearseText: '¿Quieres probar la cámara, el micrófono y el diseño? Abre un ensayo privado que empieza al momento.',
  },
  myEvents: {
    organizing: 'Eventos que organizas',
    hosting: 'Eventos que presentas',
    emptyOrganizing: 'Aún no has programado ningún evento.',
    emptyHosting: 'Nadie te ha añadido todavía como presentador. Cuando un organizador lo haga, el evento aparecerá aquí.',
    scheduleFirst: 'Programa tu primer evento',
    rehearsal: 'Ensayo',
    minutes: '{{count}} min',
    edit: 'Editar',
    preview: 'Página del evento',
    lobby: 'Sala de espera',
    copy: 'Copiar el enlace corto',
    copied: 'Enlace corto copiado',
    copyFailed: 'No se pudo copiar; abre la página del evento para obtener el enlace.',
    actions: 'Acciones de {{title}}',
  },
  profile: {
    email: 'Correo electrónico',
    none: 'Sin definir',
    groups: 'Roles',
    noGroups: 'Aún no tienes roles',
    editText: 'Tu nombre, zona horaria y otros datos se guardan en tu perfil.',
    edit: 'Editar tu perfil',
  },
  security: {
    twoFactorTitle: 'Verificación en dos pasos',
    twoFactorText: 'Pide un código de tu app de autenticación o de tu teléfono después de la contraseña.',
    on: 'Activada',
    off: 'Desactivada',
    saving: 'Guardando…',
    manage: 'Configurar o cambiar métodos',
    passwordTitle: 'Contraseña',
    changePassword: 'Cambiar contraseña',
    sessionsTitle: 'Sesiones',
    sessionsText: 'Cierra tu sesión en todos los dispositivos y navegadores donde la tengas abierta, incluido este.',
    signOutEverywhere: 'Cerrar sesión en todas partes',
  },
  mediaTab: {
    memberText: 'La biblioteca multimedia es para organizadores. Si deberías serlo, pide al administrador del sitio el rol de organizador.',
    lead: 'Sube, organiza y revisa los archivos multimedia del sitio.',
    library: 'Todo el contenido: subir, filtrar, editar y eliminar',
    images: 'Imágenes en todos los tamaños',
    playlists: 'Listas de audio',
    review: 'Vídeos en revisión',
  },
};

export default dashboard;
