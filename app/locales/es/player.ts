import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/player';

/** Reproductores y vistas previas de medios. */
const player: TranslationShape<typeof en> = {
  video: {
    label: 'Video: {{title}}',
    keyboardHelp: 'Espacio o K reproduce y pausa, las flechas izquierda y derecha saltan 5 segundos, las flechas arriba y abajo cambian el volumen, < y > cambian la velocidad, C activa y desactiva los subtítulos, M silencia, F muestra a pantalla completa.',
    controls: 'Controles del reproductor de {{title}}',
    live: 'EN VIVO',
    liveLabel: 'Esta es una emisión en vivo',
    chapters: 'Capítulos',
    speed: 'Velocidad',
    loadFailed: 'No se pudo cargar este video. Recarga la página para intentarlo de nuevo.',
    unsupported: 'Este navegador no puede reproducir este video.',
  },
  audio: {
    label: 'Audio: {{title}}',
    play: 'Reproducir {{title}}',
    pause: 'Pausar {{title}}',
    waveform: 'Posición en {{title}}',
    position: '{{current}} de {{total}}',
    volume: 'Volumen',
    keyboardHelp: 'Espacio o K reproduce y pausa, las flechas izquierda y derecha saltan 5 segundos, las flechas arriba y abajo cambian el volumen, < y > cambian la velocidad, M silencia.',
    controls: 'Controles del reproductor de {{title}}',
    loadFailed: 'No se pudo cargar este audio. Recarga la página para intentarlo de nuevo.',
  },
  document: {
    pageAlt: 'Página {{page}} de {{title}}',
    previous: 'Página anterior',
    next: 'Página siguiente',
    counter: 'Página {{page}} de {{count}}',
  },
  image: {
    sizes: 'Tamaños: {{sizes}}',
  },
  status: {
    uploading: 'Subiendo…',
    queued: 'Esperando a ser procesado…',
    processing: 'Procesando… {{progress}} %',
    progressLabel: 'Progreso del procesamiento',
    ready: 'Listo',
    failed: 'El procesamiento falló',
    pending_review: 'Esperando revisión',
    published: 'Publicado',
    rejected: 'Rechazado',
    rejectedReason: 'Motivo indicado: {{reason}}',
    statusUnavailable: 'Ahora no se puede consultar el estado del procesamiento. Se volverá a consultar en un momento.',
  },
  failure: {
    image_unreadable: 'Este archivo no se pudo leer como imagen. Súbelo de nuevo como archivo JPEG, PNG, WebP, GIF o AVIF.',
    video_unreadable: 'Este video no se pudo leer; puede estar dañado o usar un formato que no podemos convertir. Expórtalo de nuevo como MP4 (H.264) y súbelo.',
    video_no_picture: 'Este archivo no tiene imagen. Si es una grabación solo de sonido, súbelo como audio.',
    audio_unreadable: 'Este archivo de audio no se pudo leer; puede estar dañado. Expórtalo de nuevo como MP3, AAC o WAV y súbelo.',
    audio_no_sound: 'Este archivo no tiene sonido. Comprueba que elegiste el archivo correcto.',
    document_unreadable: 'Este PDF no se pudo leer; puede estar dañado. Guárdalo de nuevo como PDF y súbelo.',
    document_protected: 'Este PDF está protegido con contraseña. Guarda una copia sin contraseña y súbela.',
    document_empty: 'Este PDF no tiene páginas.',
    original_missing: 'El archivo subido ya no está en el almacenamiento. Súbelo de nuevo.',
    trim_outside: 'La parte elegida queda fuera de la grabación. Graba de nuevo o conserva una parte dentro de ella.',
    processing_error: 'El procesamiento se detuvo por un problema nuestro. Inténtalo de nuevo; si sigue fallando, contacta con soporte.',
  },
  retry: {
    action: 'Procesar de nuevo',
    busy: 'Empezando de nuevo…',
    failed: 'No se pudo volver a iniciar el procesamiento. Comprueba tu conexión e inténtalo de nuevo.',
  },
  api: {
    badRequest: 'La solicitud no indica ningún elemento multimedia.',
    signIn: 'Inicia sesión para hacer esto.',
    notFound: 'No existe ese elemento multimedia.',
    notFailed: 'Solo se puede procesar de nuevo un elemento cuyo procesamiento falló.',
    unavailable: 'El procesamiento de medios no está disponible ahora. Tus archivos se conservan; inténtalo más tarde.',
    notReady: 'Este elemento multimedia aún no está listo para reproducirse.',
  },
};

export default player;
