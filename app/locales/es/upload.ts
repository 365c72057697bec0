import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/upload';

/** Cadenas en español de las pantallas de subida y de su API. */
const es: TranslationShape<typeof en> = {
  screens: {
    uploadS3: { title: 'Subir archivos', lead: 'Fotos, videos, audio y documentos PDF van directamente al almacenamiento y a tu biblioteca de medios.' },
    uploadS3Media: {
      title: 'Subir audio y video',
      lead: 'Las grabaciones grandes se suben por partes: pausa y reanuda cuando quieras, incluso después de recargar la página o perder la conexión.',
    },
    directUpload: { title: 'Subida directa', lead: 'Un archivo, directo al almacenamiento, con un enlace para compartir al terminar.' },
    uppyFileUpload: { title: 'Arrastra y suelta archivos', lead: 'Suelta varios archivos a la vez, revisa las vistas previas y los límites y súbelos juntos.' },
    uploadSystemMedia: { title: 'Medios del sistema', lead: 'Valores por defecto y marcadores que usa cada sitio cuando no tiene los suyos.' },
    systemImageUpload: { title: 'Imágenes del sistema', lead: 'Imágenes por defecto (marcadores, portadas de eventos, avatares) compartidas por todos los sitios.' },
  },
  rules: {
    title: 'Antes de subir',
    kinds: 'Se aceptan: {{types}}.',
    perFile: '{{kind}}: hasta {{size}} por archivo.',
    quota: 'Tu almacenamiento: {{used}} de {{limit}} en uso.',
    quotaReserved: 'Tu almacenamiento: {{used}} de {{limit}} en uso, {{reserved}} de ellos reservados para subidas en curso.',
    resumable: 'Los archivos de {{size}} o más se suben por partes y se pueden pausar y reanudar.',
    system: 'Los archivos que subas aquí son medios del sistema, visibles en todos los sitios.',
  },
  kinds: { image: 'Imágenes', video: 'Videos', audio: 'Archivos de audio', document: 'Documentos PDF' },
  typeNames: {
    image: 'imágenes JPEG, PNG, WebP, GIF o AVIF',
    video: 'videos MP4, MOV, WebM o MKV',
    audio: 'audio MP3, M4A, AAC, WAV, OGG, WebM o FLAC',
    document: 'documentos PDF',
  },
  status: {
    loading: 'Cargando el cargador de archivos…',
    checking: 'Comprobando {{name}}…',
    queued: '{{name}} se ha subido y se está procesando.',
    done_one: '{{count}} archivo subido.',
    done_other: '{{count}} archivos subidos.',
    library: 'Abrir tu biblioteca de medios',
    listed: 'Aparecen abajo con su estado de procesamiento.',
    failed: 'La subida no terminó.',
  },
  direct: {
    choose: 'Elige un archivo',
    upload: 'Subir',
    uploading: 'Subiendo…',
    progress: '{{percent}} % subido',
    timeLeft: 'Quedan unos {{time}}',
    cancel: 'Cancelar',
    another: 'Subir otro archivo',
    done: 'Subido. Comparte este enlace:',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    linkNote: 'El enlace descarga el archivo; cualquier persona con sesión en este sitio que lo tenga puede usarlo.',
    none: 'Primero elige un archivo.',
  },
  admin: { forbidden: 'Solo los administradores de la plataforma pueden subir medios del sistema.' },
  errors: {
    badRequest: 'La solicitud de subida no es válida.',
    unauthenticated: 'Inicia sesión para subir archivos.',
    forbidden: 'No puedes subir ni cambiar este archivo.',
    notFound: 'No se encontró esta subida. Puede que se haya cancelado.',
    type: 'Este tipo de archivo no se puede subir aquí. Se aceptan: {{types}}.',
    lying: 'Este archivo no es lo que dice ser: su contenido no es de ninguno de los tipos aceptados ({{claimed}}). Se ha eliminado.',
    tooLarge: 'Este archivo es demasiado grande: {{kind}} pueden ocupar como máximo {{limit}}.',
    userQuota: 'Tu almacenamiento está lleno: usas {{used}} de {{limit}} y este archivo necesita {{size}}. Elimina archivos de tu biblioteca para hacer sitio.',
    userQuotaReserved:
      'Tu almacenamiento está lleno: usas {{used}} de {{limit}} ({{reserved}} de ellos reservados para subidas en curso) y este archivo necesita {{size}}. Termina o cancela tus subidas en curso, o elimina archivos de tu biblioteca, para hacer sitio.',
    tenantQuota: 'El almacenamiento de este sitio está lleno ({{limit}}). Pide a la administración del sitio que libere espacio.',
    notUploaded: 'El archivo aún no ha llegado al almacenamiento. Vuelve a intentar la subida.',
    mismatch: 'El archivo guardado no tiene el tamaño anunciado. Vuelve a intentar la subida.',
    unavailable: 'Ahora mismo no se pueden procesar subidas. Inténtalo de nuevo en un momento.',
    network: 'Se perdió la conexión. La subida continúa cuando lo vuelvas a intentar.',
  },
  units: { kb: '{{n}} KB', mb: '{{n}} MB', gb: '{{n}} GB' },
};

export default es;
