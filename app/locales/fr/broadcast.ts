import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/broadcast';

/** Diffusions en direct : les clés de diffusion (/rtmpKey, /srtKey), l'état du direct et le lecteur. */
const broadcast: TranslationShape<typeof en> = {
  titles: { rtmpKey: 'Clé de diffusion RTMP', srtKey: 'Clé de diffusion SRT' },
  leads: {
    rtmpKey: 'Diffusez votre événement en direct depuis OBS, vMix ou ffmpeg en RTMP. Le public le regarde sur la page de l’événement et dans la salle.',
    srtKey: 'Diffusez votre événement en direct en SRT, plus robuste sur les réseaux avec pertes. Le public le regarde sur la page de l’événement et dans la salle.',
  },
  path: {
    label: 'Voie d’entrée',
    platform: 'Les flux arrivent au service d’ingestion de la plateforme, qui prépare le direct pour le public et garde la diffusion en vidéo.',
    livekit: 'Sur ce site, les flux RTMP entrent dans la salle de l’événement par LiveKit Ingress.',
  },
  notConfigured: 'L’ingestion en direct n’est pas encore configurée sur ce site : aucune clé ne peut être créée.',
  event: {
    label: 'Événement',
    show: 'Afficher',
    none: 'Vous n’avez aucun événement à venir à diffuser.',
    schedule: 'Programmer un événement',
  },
  key: {
    heading: 'Paramètres de diffusion',
    useSrt: 'Utiliser SRT à la place',
    useRtmp: 'Utiliser RTMP à la place',
    url: 'URL du serveur',
    srtUrl: 'Adresse SRT',
    key: 'Clé de diffusion',
    passphrase: 'Phrase secrète (votre clé de diffusion)',
    fullUrl: 'URL SRT complète pour OBS ou ffmpeg',
    hint: 'Une clé se terminant par {{hint}} est active (créée le {{date}}).',
    none: 'Cet événement n’a pas encore de clé.',
    create: 'Créer une clé',
    rotate: 'Renouveler la clé',
    revoke: 'Révoquer la clé',
    shownOnce: 'Copiez la clé maintenant : elle n’est affichée que cette fois. Si vous la perdez, renouvelez-la pour en obtenir une autre.',
    copy: 'Copier',
    copied: 'Copié.',
    copyFailed: 'La copie a été refusée : le texte est sélectionné, appuyez sur Ctrl+C pour le copier.',
    revoked: 'La clé a été révoquée. Les flux qui l’utilisent sont refusés.',
  },
  confirm: {
    rotateTitle: 'Renouveler la clé ?',
    rotateBody: 'La clé actuelle cesse de fonctionner aussitôt, et un flux qui l’utilise est coupé. Votre encodeur aura besoin de la nouvelle clé.',
    revokeTitle: 'Révoquer la clé ?',
    revokeBody: 'La clé cesse de fonctionner aussitôt, et un flux qui l’utilise est coupé. Vous pourrez en créer une autre plus tard.',
    cancel: 'Annuler',
  },
  status: {
    label: 'État du direct',
    idle: 'En attente',
    connecting: 'Connexion',
    live: 'En direct',
    ended: 'Terminé',
    bitrate: 'Débit {{kbps}} kbit/s',
    resolution: 'Image {{width}} × {{height}}',
    kept: 'La diffusion est conservée en vidéo dans la médiathèque.',
    unavailable: 'L’état du direct ne peut pas être lu pour l’instant ; nouvel essai bientôt.',
  },
  errors: {
    invalid: 'Cette demande n’a pas été comprise. Rechargez la page et réessayez.',
    notConfigured: 'L’ingestion en direct n’est pas encore configurée sur ce site.',
    noPort: 'Aucun port SRT n’est libre pour l’instant. Réessayez plus tard.',
    exists: 'Cet événement a déjà une clé : renouvelez-la pour en obtenir une autre.',
    missing: 'Cet événement n’a plus de clé. Rechargez la page.',
    ingressUnavailable: 'LiveKit Ingress n’a pas répondu. Réessayez dans un instant.',
  },
  viewer: {
    liveNow: 'En direct',
    watch: 'Regarder la diffusion en direct : {{title}}',
    title: 'Diffusion en direct : {{title}}',
    ended: 'La diffusion en direct est terminée.',
  },
  api: {
    badRequest: 'Cette demande n’a pas été comprise.',
    notFound: 'Cet événement n’existe pas.',
    notLive: 'Cet événement n’est pas en direct pour l’instant.',
  },
};

export default broadcast;
