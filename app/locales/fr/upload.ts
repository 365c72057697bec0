import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/upload';

/** Textes français des écrans d'envoi et de leur API. */
const fr: TranslationShape<typeof en> = {
  screens: {
    uploadS3: { title: 'Envoyer des fichiers', lead: 'Photos, vidéos, audio et documents PDF vont directement dans le stockage et dans votre médiathèque.' },
    uploadS3Media: {
      title: 'Envoyer de l’audio et de la vidéo',
      lead: 'Les gros enregistrements partent par morceaux : mettez en pause et reprenez quand vous voulez, même après avoir rechargé la page ou perdu la connexion.',
    },
    directUpload: { title: 'Envoi direct', lead: 'Un fichier, directement dans le stockage, avec un lien à partager une fois terminé.' },
    uppyFileUpload: { title: 'Glisser-déposer des fichiers', lead: 'Déposez plusieurs fichiers à la fois, vérifiez les aperçus et les limites, puis envoyez-les ensemble.' },
    uploadSystemMedia: { title: 'Médias système', lead: 'Valeurs par défaut et images de remplacement utilisées par chaque site qui n’a pas les siennes.' },
    systemImageUpload: { title: 'Images système', lead: 'Images par défaut (remplacements, couvertures d’événements, avatars) partagées par tous les sites.' },
  },
  rules: {
    title: 'Avant d’envoyer',
    kinds: 'Acceptés : {{types}}.',
    perFile: '{{kind}} : jusqu’à {{size}} par fichier.',
    quota: 'Votre stockage : {{used}} utilisés sur {{limit}}.',
    quotaReserved: 'Votre stockage : {{used}} utilisés sur {{limit}}, dont {{reserved}} réservés pour des envois en cours.',
    resumable: 'Les fichiers de {{size}} ou plus partent par morceaux et peuvent être mis en pause puis repris.',
    system: 'Les fichiers envoyés ici sont des médias système, visibles sur tous les sites.',
  },
  kinds: { image: 'Les images', video: 'Les vidéos', audio: 'Les fichiers audio', document: 'Les documents PDF' },
  typeNames: {
    image: 'images JPEG, PNG, WebP, GIF ou AVIF',
    video: 'vidéos MP4, MOV, WebM ou MKV',
    audio: 'audio MP3, M4A, AAC, WAV, OGG, WebM ou FLAC',
    document: 'documents PDF',
  },
  status: {
    loading: 'Chargement de l’outil d’envoi…',
    checking: 'Vérification {{name, elide(de)}}…',
    queued: '{{name}} est envoyé et en cours de traitement.',
    done_one: '{{count}} fichier envoyé.',
    done_other: '{{count}} fichiers envoyés.',
    library: 'Ouvrir votre médiathèque',
    listed: 'Ils apparaissent ci-dessous avec leur état de traitement.',
    failed: 'L’envoi n’a pas abouti.',
  },
  direct: {
    choose: 'Choisir un fichier',
    upload: 'Envoyer',
    uploading: 'Envoi en cours…',
    progress: '{{percent}} % envoyés',
    timeLeft: 'Environ {{time}} restantes',
    cancel: 'Annuler',
    another: 'Envoyer un autre fichier',
    done: 'Envoyé. Partagez ce lien :',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    linkNote: 'Le lien télécharge le fichier ; toute personne connectée à ce site qui l’a peut s’en servir.',
    none: 'Choisissez d’abord un fichier.',
  },
  admin: { forbidden: 'Seuls les administrateurs de la plateforme peuvent envoyer des médias système.' },
  errors: {
    badRequest: 'La demande d’envoi n’est pas valide.',
    unauthenticated: 'Connectez-vous pour envoyer des fichiers.',
    forbidden: 'Vous ne pouvez pas envoyer ni modifier ce fichier.',
    notFound: 'Cet envoi est introuvable. Il a peut-être été annulé.',
    type: 'Ce type de fichier ne peut pas être envoyé ici. Acceptés : {{types}}.',
    lying: 'Ce fichier n’est pas ce qu’il prétend être : son contenu ne correspond à aucun des types acceptés ({{claimed}}). Il a été supprimé.',
    tooLarge: 'Ce fichier est trop volumineux : {{kind}} ne doivent pas dépasser {{limit}}.',
    userQuota: 'Votre stockage est plein : vous utilisez {{used}} sur {{limit}} et ce fichier demande {{size}}. Supprimez des fichiers de votre médiathèque pour faire de la place.',
    userQuotaReserved:
      'Votre stockage est plein : vous utilisez {{used}} sur {{limit}} (dont {{reserved}} réservés pour des envois en cours) et ce fichier demande {{size}}. Terminez ou annulez vos envois en cours, ou supprimez des fichiers de votre médiathèque, pour faire de la place.',
    tenantQuota: 'Le stockage de ce site est plein ({{limit}}). Demandez à l’administration du site de libérer de la place.',
    notUploaded: 'Le fichier n’est pas encore arrivé dans le stockage. Relancez l’envoi.',
    mismatch: 'Le fichier stocké n’a pas la taille annoncée. Relancez l’envoi.',
    unavailable: 'Les envois ne peuvent pas être traités pour le moment. Réessayez dans un instant.',
    network: 'La connexion a été perdue. L’envoi reprend quand vous réessayez.',
  },
  units: { kb: '{{n}} Ko', mb: '{{n}} Mo', gb: '{{n}} Go' },
};

export default fr;
