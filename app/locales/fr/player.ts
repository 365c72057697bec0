import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/player';

/** Lecteurs et aperçus des médias. */
const player: TranslationShape<typeof en> = {
  video: {
    label: 'Vidéo : {{title}}',
    keyboardHelp: 'Espace ou K lance et met en pause, les flèches gauche et droite reculent ou avancent de 5 secondes, les flèches haut et bas règlent le volume, < et > changent la vitesse, C active ou coupe les sous-titres, M coupe le son, F passe en plein écran.',
    controls: 'Commandes du lecteur {{title, elide(de)}}',
    live: 'EN DIRECT',
    liveLabel: 'Ceci est une diffusion en direct',
    chapters: 'Chapitres',
    speed: 'Vitesse',
    loadFailed: "Cette vidéo n'a pas pu être chargée. Rechargez la page pour réessayer.",
    unsupported: 'Ce navigateur ne peut pas lire cette vidéo.',
  },
  audio: {
    label: 'Audio : {{title}}',
    play: 'Écouter {{title}}',
    pause: 'Mettre {{title}} en pause',
    waveform: 'Position dans {{title}}',
    position: '{{current}} sur {{total}}',
    volume: 'Volume sonore',
    keyboardHelp: 'Espace ou K lance et met en pause, les flèches gauche et droite reculent ou avancent de 5 secondes, les flèches haut et bas règlent le volume, < et > changent la vitesse, M coupe le son.',
    controls: 'Commandes du lecteur {{title, elide(de)}}',
    loadFailed: "Ce son n'a pas pu être chargé. Rechargez la page pour réessayer.",
  },
  document: {
    pageAlt: 'Page {{page}} {{title, elide(de)}}',
    previous: 'Page précédente',
    next: 'Page suivante',
    counter: 'Page {{page}} sur {{count}}',
  },
  image: {
    sizes: 'Tailles : {{sizes}}',
  },
  status: {
    uploading: 'Envoi en cours…',
    queued: 'En attente de traitement…',
    processing: 'Traitement… {{progress}} %',
    progressLabel: 'Avancement du traitement',
    ready: 'Prêt',
    failed: 'Le traitement a échoué',
    pending_review: 'En attente de validation',
    published: 'Publié',
    rejected: 'Refusé',
    rejectedReason: 'Motif indiqué : {{reason}}',
    statusUnavailable: "L'état du traitement ne peut pas être vérifié pour le moment. Il sera vérifié de nouveau dans un instant.",
  },
  failure: {
    image_unreadable: "Ce fichier n'a pas pu être lu comme une image. Envoyez-le de nouveau au format JPEG, PNG, WebP, GIF ou AVIF.",
    video_unreadable: "Cette vidéo n'a pas pu être lue ; elle est peut-être abîmée ou dans un format que nous ne savons pas convertir. Exportez-la de nouveau en MP4 (H.264) et envoyez ce fichier.",
    video_no_picture: "Ce fichier ne contient pas d'image. S'il s'agit d'un enregistrement sonore, envoyez-le comme audio.",
    audio_unreadable: "Ce fichier audio n'a pas pu être lu ; il est peut-être abîmé. Exportez-le de nouveau en MP3, AAC ou WAV et envoyez ce fichier.",
    audio_no_sound: "Ce fichier ne contient aucun son. Vérifiez que vous avez choisi le bon fichier.",
    document_unreadable: "Ce PDF n'a pas pu être lu ; il est peut-être abîmé. Enregistrez-le de nouveau en PDF et envoyez ce fichier.",
    document_protected: 'Ce PDF est protégé par un mot de passe. Enregistrez une copie sans mot de passe et envoyez-la.',
    document_empty: "Ce PDF n'a aucune page.",
    original_missing: "Le fichier envoyé n'est plus dans le stockage. Envoyez-le de nouveau.",
    trim_outside: "La partie choisie se trouve hors de l'enregistrement. Enregistrez de nouveau, ou gardez une partie qui s'y trouve.",
    processing_error: "Le traitement s'est arrêté à cause d'un problème de notre côté. Réessayez ; si l'échec se répète, contactez l'assistance.",
  },
  retry: {
    action: 'Relancer le traitement',
    busy: 'Relance en cours…',
    failed: "Le traitement n'a pas pu être relancé. Vérifiez votre connexion et réessayez.",
  },
  api: {
    badRequest: "La demande ne désigne aucun média.",
    signIn: 'Connectez-vous pour faire cela.',
    notFound: "Ce média n'existe pas.",
    notFailed: "Seul un média dont le traitement a échoué peut être traité de nouveau.",
    unavailable: "Le traitement des médias n'est pas disponible pour le moment. Vos fichiers sont conservés ; réessayez plus tard.",
    notReady: "Ce média n'est pas encore prêt à être lu.",
  },
};

export default player;
