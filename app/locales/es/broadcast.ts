import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/broadcast';

/** Transmisiones en vivo: las claves de emisión (/rtmpKey, /srtKey), el estado de la transmisión y el reproductor. */
const broadcast: TranslationShape<typeof en> = {
  titles: { rtmpKey: 'Clave de emisión RTMP', srtKey: 'Clave de emisión SRT' },
  leads: {
    rtmpKey: 'Emite tu evento en vivo desde OBS, vMix o ffmpeg por RTMP. El público lo ve en la página del evento y en la sala.',
    srtKey: 'Emite tu evento en vivo por SRT, que resiste mejor las redes con pérdidas. El público lo ve en la página del evento y en la sala.',
  },
  path: {
    label: 'Vía de entrada',
    platform: 'Las emisiones llegan al servicio de ingesta de la plataforma, que prepara la transmisión para el público y guarda la emisión como video.',
    livekit: 'En este sitio, las emisiones RTMP entran en la sala del evento a través de LiveKit Ingress.',
  },
  notConfigured: 'La ingesta en vivo aún no está configurada en este sitio, así que no se pueden crear claves.',
  event: {
    label: 'Evento',
    show: 'Mostrar',
    none: 'No tienes eventos próximos que emitir.',
    schedule: 'Programar un evento',
  },
  key: {
    heading: 'Datos de emisión',
    useSrt: 'Usar SRT en su lugar',
    useRtmp: 'Usar RTMP en su lugar',
    url: 'URL del servidor',
    srtUrl: 'Dirección SRT',
    key: 'Clave de emisión',
    passphrase: 'Frase de paso (tu clave de emisión)',
    fullUrl: 'URL SRT completa para OBS o ffmpeg',
    hint: 'Hay una clave activa que termina en {{hint}} (creada el {{date}}).',
    none: 'Este evento aún no tiene clave.',
    create: 'Crear clave',
    rotate: 'Renovar clave',
    revoke: 'Revocar clave',
    shownOnce: 'Copia la clave ahora: solo se muestra esta vez. Si la pierdes, renuévala para obtener otra.',
    copy: 'Copiar',
    copied: 'Copiado.',
    copyFailed: 'No se pudo copiar: el texto está seleccionado, pulsa Ctrl+C para copiarlo.',
    revoked: 'La clave se ha revocado. Las emisiones con ella se rechazan.',
  },
  confirm: {
    rotateTitle: '¿Renovar la clave?',
    rotateBody: 'La clave actual deja de funcionar al instante y se corta la emisión que la esté usando. Tu codificador necesitará la nueva clave.',
    revokeTitle: '¿Revocar la clave?',
    revokeBody: 'La clave deja de funcionar al instante y se corta la emisión que la esté usando. Podrás crear otra más adelante.',
    cancel: 'Cancelar',
  },
  status: {
    label: 'Estado de la transmisión',
    idle: 'En espera',
    connecting: 'Conectando',
    live: 'En vivo',
    ended: 'Terminado',
    bitrate: 'Tasa de bits {{kbps}} kbit/s',
    resolution: 'Imagen {{width}} × {{height}}',
    kept: 'La emisión se ha guardado como video en la biblioteca.',
    unavailable: 'Ahora no se puede leer el estado de la transmisión; se volverá a intentar.',
  },
  errors: {
    invalid: 'No se entendió la solicitud. Recarga la página e inténtalo de nuevo.',
    notConfigured: 'La ingesta en vivo aún no está configurada en este sitio.',
    noPort: 'Ahora no hay ningún puerto SRT libre. Inténtalo más tarde.',
    exists: 'Este evento ya tiene una clave: renuévala para obtener otra.',
    missing: 'Este evento ya no tiene clave. Recarga la página.',
    ingressUnavailable: 'LiveKit Ingress no respondió. Inténtalo de nuevo en un momento.',
  },
  viewer: {
    liveNow: 'En vivo',
    watch: 'Ver la emisión en vivo: {{title}}',
    title: 'Emisión en vivo: {{title}}',
    ended: 'La emisión en vivo ha terminado.',
  },
  api: {
    badRequest: 'No se entendió la solicitud.',
    notFound: 'No existe ese evento.',
    notLive: 'Este evento no está en vivo ahora.',
  },
};

export default broadcast;
