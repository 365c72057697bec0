import type captionsEn from '../en/captions';

/** Cadenas en español de los subtítulos en vivo de las salas. */
const captions: typeof captionsEn = {
  region: 'Subtítulos en vivo',
  show: 'Mostrar subtítulos',
  hide: 'Ocultar subtítulos',
  toggle: 'CC',
  pending: 'aún en reconocimiento',
  unsupported: 'Los subtítulos en vivo no están disponibles en {{language}}.',
  speaking: '{{name}}:',
  menu: 'Subtítulos',
  off: 'Desactivados',
  translated: 'Inglés (traducción)',
  busy: 'No se muestran subtítulos de tu micrófono: este servidor ya subtitula a tantas personas como puede. Lo intentaremos de nuevo en breve.',
};
export default captions;
