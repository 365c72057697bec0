import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/dashboard';

const dashboard: TranslationShape<typeof en> = {
  title: 'Tu panel',
  menu: {
    label: 'Menú del panel',
    open: 'Menú',
    close: 'Cerrar menú',
    scheduledEvents: 'Eventos programados',
    account: 'Cuenta',
  },
  tabs: { ScheduleEvent: 'Programar un evento', Profile: 'Perfil', Security: 'Seguridad' },
  schedule: {
    comingSoon: 'La programación de eventos en vivo llega con la función de eventos. Hasta entonces, aquí todavía no hay nada que programar.',
    help: '¿Preguntas? Visita la ayuda',
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
};

export default dashboard;
