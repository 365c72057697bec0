import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/playback';

/** Las pantallas de reproducción de un elemento. */
const playback: TranslationShape<typeof en> = {
  titles: {
    mediaPlayBack: 'Ver',
    listenerMediaPlayback: 'Escuchar',
    morePlayBack: 'Ver y más',
    trailerPlayBack: 'Tráiler',
    nuevoPlayerPage: 'Reproductor',
    nuevoPlayerDemoPage: 'Demostración del reproductor',
  },
  item: {
    by: 'De {{name}}',
    added: 'Añadido el {{date}}',
    resumed: 'Lo dejaste en {{time}}: sigue desde ahí.',
    signInToRemember: 'Inicia sesión y el reproductor recordará dónde lo dejaste.',
  },
  share: {
    heading: 'Compartir',
    label: 'Enlace a esta página',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    copyFailed: 'No se pudo copiar: selecciona el enlace y cópialo tú.',
  },
  problems: {
    badLink: { title: 'Este enlace está incompleto', body: 'A la dirección le falta el elemento que debe mostrar, o está mal escrita. Vuelve a la biblioteca y ábrelo desde allí.' },
    signIn: { title: 'Inicia sesión para verlo', body: 'Este elemento se comparte con los miembros de este sitio. Inicia sesión y el enlace lo abrirá.', action: 'Iniciar sesión' },
    notFound: { title: 'No hay nada que reproducir aquí', body: 'Este elemento no existe, se eliminó o no se ha compartido contigo.' },
    library: 'Abrir la biblioteca',
  },
  listener: {
    heading: 'Lista de reproducción',
    playAll: 'Reproducir todo',
    shuffle: 'Aleatorio',
    loop: 'Repetir la lista',
    repeat: 'Repetir la pista',
    options: 'Opciones de reproducción',
    next: 'Pista siguiente',
    previous: 'Pista anterior',
    nowPlaying: 'Suena: {{title}}',
    trackOf: 'Pista {{position}} de {{count}}',
    shortcuts: 'Mayús+N reproduce la pista siguiente, Mayús+P la anterior.',
    empty: 'Esta lista no tiene pistas que puedas escuchar.',
    ended: 'La lista ha terminado.',
    tracks: 'Pistas',
    playTrack: 'Reproducir {{title}}',
  },
  more: {
    related: 'Más como esto',
    none: 'Todavía no hay nada relacionado.',
    upNext: 'A continuación: {{title}}',
    countdown: 'Empieza en {{seconds}} s',
    cancel: 'Cancelar la reproducción automática',
    playNow: 'Reproducir ahora',
    cancelled: 'Reproducción automática cancelada. Elige qué ver después.',
    sameOrganizer: 'También de {{name}}',
  },
  trailer: {
    title: 'Tráiler: {{event}}',
    none: 'Este evento aún no tiene tráiler.',
    event: 'Ir al evento',
    heading: 'Tráiler',
  },
  nuevo: {
    lead: 'Presentado por {{tenant}}',
  },
  demo: {
    lead: 'El reproductor que usan todas las pantallas, con una muestra hecha en este servidor: una carta de ajuste y un tono.',
    preparing: 'La muestra aún se está preparando. Recarga esta página en un momento.',
    missing: 'La muestra aún no se ha creado en este servidor. Se crea al arrancar el sistema.',
    features: 'Prueba el botón de velocidad, los subtítulos, la pantalla completa y los atajos de teclado.',
    sampleTitle: 'Carta de ajuste con un reloj y un tono',
  },
};

export default playback;
