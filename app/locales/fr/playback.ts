import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/playback';

/** Les écrans de lecture d’un élément. */
const playback: TranslationShape<typeof en> = {
  titles: {
    mediaPlayBack: 'Regarder',
    listenerMediaPlayback: 'Écouter',
    morePlayBack: 'Regarder et plus',
    trailerPlayBack: 'Bande-annonce',
    nuevoPlayerPage: 'Lecteur',
    nuevoPlayerDemoPage: 'Démonstration du lecteur',
  },
  item: {
    by: 'Par {{name}}',
    added: 'Ajouté le {{date}}',
    resumed: 'Vous vous étiez arrêté à {{time}} : la lecture reprend là.',
    signInToRemember: 'Connectez-vous et le lecteur retiendra où vous vous êtes arrêté.',
  },
  share: {
    heading: 'Partager',
    label: 'Lien vers cette page',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    copyFailed: 'La copie a été refusée : sélectionnez le lien et copiez-le vous-même.',
  },
  problems: {
    badLink: { title: 'Ce lien est incomplet', body: 'Il manque à l’adresse l’élément à afficher, ou elle est mal saisie. Revenez à la médiathèque et ouvrez-le depuis là.' },
    signIn: { title: 'Connectez-vous pour regarder', body: 'Cet élément est partagé avec les membres de ce site. Connectez-vous et le lien l’ouvrira.', action: 'Se connecter' },
    notFound: { title: 'Rien à lire ici', body: 'Cet élément n’existe pas, a été supprimé ou n’est pas partagé avec vous.' },
    library: 'Ouvrir la médiathèque',
  },
  listener: {
    heading: 'Liste de lecture',
    playAll: 'Tout lire',
    shuffle: 'Aléatoire',
    loop: 'Répéter la liste',
    repeat: 'Répéter le morceau',
    options: 'Options de lecture',
    next: 'Morceau suivant',
    previous: 'Morceau précédent',
    nowPlaying: 'En cours : {{title}}',
    trackOf: 'Morceau {{position}} sur {{count}}',
    shortcuts: 'Maj+N lit le morceau suivant, Maj+P le précédent.',
    empty: 'Cette liste n’a aucun morceau que vous puissiez écouter.',
    ended: 'La liste est terminée.',
    tracks: 'Morceaux',
    playTrack: 'Lire {{title}}',
  },
  more: {
    related: 'Dans le même esprit',
    none: 'Rien de lié pour l’instant.',
    upNext: 'À suivre : {{title}}',
    countdown: 'Lecture dans {{seconds}} s',
    cancel: 'Annuler la lecture automatique',
    playNow: 'Lire maintenant',
    cancelled: 'Lecture automatique annulée. Choisissez la suite.',
    sameOrganizer: 'Aussi par {{name}}',
  },
  trailer: {
    title: 'Bande-annonce : {{event}}',
    none: 'Cet événement n’a pas encore de bande-annonce.',
    event: 'Aller à l’événement',
    heading: 'Bande-annonce',
  },
  nuevo: {
    lead: 'Présenté par {{tenant}}',
  },
  demo: {
    lead: 'Le lecteur de tous les écrans, avec un échantillon fait sur ce serveur : une mire et une tonalité.',
    preparing: 'L’échantillon est encore en préparation. Rechargez cette page dans un instant.',
    missing: 'L’échantillon n’a pas encore été créé sur ce serveur. Il l’est au démarrage.',
    features: 'Essayez le bouton de vitesse, les sous-titres, le plein écran et les raccourcis clavier.',
    sampleTitle: 'Mire avec une horloge et une tonalité',
  },
};

export default playback;
