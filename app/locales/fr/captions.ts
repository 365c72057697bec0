import type captionsEn from '../en/captions';

/** Textes français des sous-titres en direct des salles. */
const captions: typeof captionsEn = {
  region: 'Sous-titres en direct',
  show: 'Afficher les sous-titres',
  hide: 'Masquer les sous-titres',
  toggle: 'CC',
  pending: 'reconnaissance en cours',
  unsupported: 'Les sous-titres en direct ne sont pas disponibles en {{language}}.',
  speaking: '{{name}} :',
  menu: 'Sous-titres',
  off: 'Désactivés',
  translated: 'Anglais (traduction)',
  busy: 'Votre micro n’est pas sous-titré : ce serveur sous-titre déjà autant de personnes qu’il le peut. Nouvel essai dans un instant.',
};
export default captions;
