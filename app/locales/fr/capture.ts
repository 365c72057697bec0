import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/capture';

/** Chaînes françaises de /mediaCapture. */
const fr: TranslationShape<typeof en> = {
  title: 'Enregistrer',
  lead: 'Enregistrez votre caméra, votre micro ou votre écran, vérifiez la prise, gardez la partie voulue et ajoutez-la à votre médiathèque.',
  sources: {
    legend: 'Que voulez-vous enregistrer ?',
    camera: 'Caméra et micro',
    microphone: 'Micro seul',
    screen: 'Écran et micro',
    pip: 'Écran avec votre caméra dans un coin',
    cameraHint: 'Une vidéo avec le son.',
    microphoneHint: 'Le son seul : il devient un élément audio.',
    screenHint: 'Votre navigateur demande quel écran, quelle fenêtre ou quel onglet partager.',
    pipHint: 'L’écran partagé, avec votre caméra dans le coin inférieur.',
  },
  actions: {
    prepare: 'Activer',
    preparing: 'Activation…',
    turnOff: 'Désactiver',
    start: 'Commencer l’enregistrement',
    pause: 'Mettre en pause',
    resume: 'Reprendre',
    stop: 'Arrêter',
    again: 'Enregistrer de nouveau',
    upload: 'Ajouter à ma médiathèque',
    retry: 'Relancer l’envoi',
    another: 'Enregistrer une autre prise',
    openLibrary: 'Ouvrir votre médiathèque',
  },
  state: {
    ready: 'Prêt : vérifiez l’image et le son, puis lancez l’enregistrement.',
    recording: 'Enregistrement en cours',
    paused: 'En pause',
    stopped: 'Votre prise est prête à être vérifiée.',
  },
  timer: 'Durée enregistrée',
  level: 'Niveau du micro',
  preview: {
    live: 'Aperçu en direct',
    take: 'Votre prise',
    audio: 'Votre prise (son seul)',
  },
  trim: {
    label: 'Partie à garder',
    start: 'Début de la partie à garder',
    end: 'Fin de la partie à garder',
    summary: 'Partie gardée : de {{start}} à {{end}} ({{length}}).',
    hint: 'Déplacez les poignées à la souris, ou avec les flèches (un dixième de seconde) et Page précédente ou Page suivante (cinq secondes).',
    tooShort: 'Gardez au moins une seconde.',
  },
  details: {
    title: 'Titre',
    defaultTitle: 'Enregistrement du {{date}}',
  },
  upload: {
    progress: 'Envoi : {{percent}} %',
    done: 'Votre prise est dans votre médiathèque et en cours de traitement.',
    failed: 'La prise n’a pas pu être envoyée : {{message}}',
    kept: 'Votre prise reste sur cette page : réessayez quand vous voulez.',
  },
  errors: {
    title: 'Enregistrement impossible',
    denied: 'L’accès à la caméra ou au micro a été refusé. Autorisez-le dans les réglages du navigateur pour ce site, puis activez de nouveau.',
    noDevice: 'Aucune caméra ni aucun micro n’a été trouvé. Branchez-en un, puis activez de nouveau.',
    busy: 'La caméra ou le micro est utilisé par une autre application. Fermez-la, puis activez de nouveau.',
    unsupported: 'Ce navigateur ne sait pas enregistrer. Utilisez une version récente de Chrome, Edge, Firefox ou Safari.',
    screenUnsupported: 'Ce navigateur ne peut pas partager d’écran. Enregistrez votre caméra ou votre micro, ou utilisez un ordinateur.',
    cancelled: 'Le partage d’écran a été annulé ou refusé. Activez de nouveau et choisissez quoi partager.',
    failed: 'La caméra ou le micro n’a pas pu être activé : {{message}}',
    recorder: 'L’enregistrement s’est arrêté de façon inattendue : {{message}}',
    tooLong: 'La prise a atteint la durée maximale ({{limit}}) et a été arrêtée. Vous pouvez tout de même la garder.',
    tooLarge: 'La prise a atteint la taille maximale ({{limit}}) et a été arrêtée. Vous pouvez tout de même la garder.',
    ended: 'Le partage d’écran ou un appareil a été coupé : l’enregistrement s’est arrêté.',
  },
};

export default fr;
