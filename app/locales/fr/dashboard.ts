import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/dashboard';

const dashboard: TranslationShape<typeof en> = {
  title: 'Votre tableau de bord',
  menu: {
    label: 'Menu du tableau de bord',
    open: 'Menu',
    close: 'Fermer le menu',
    scheduledEvents: 'Événements programmés',
    media: 'Médias',
    account: 'Compte',
  },
  tabs: { ScheduleEvent: 'Programmer un événement', MyEvents: 'Mes événements', Profile: 'Profil', Media: 'Médias', Security: 'Sécurité' },
  schedule: {
    memberTitle: 'La programmation est réservée aux organisateurs',
    memberText: 'Les organisateurs de ce site programment ses événements en direct. Si vous devriez en faire partie, demandez à l’administrateur du site de donner le rôle d’organisateur à votre compte. En attendant, vous pouvez rejoindre tout événement public.',
    browse: 'Voir les événements en direct et à venir',
    rehearse: 'Répéter d’abord',
    rehearseText: 'Envie de tester caméra, micro et disposition ? Ouvrez une répétition privée qui commence tout de suite.',
  },
  myEvents: {
    organizing: 'Événements que vous organisez',
    hosting: 'Événements que vous animez',
    emptyOrganizing: 'Vous n’avez encore programmé aucun événement.',
    emptyHosting: 'Personne ne vous a encore ajouté comme animateur. Quand un organisateur le fera, l’événement apparaîtra ici.',
    scheduleFirst: 'Programmer votre premier événement',
    rehearsal: 'Répétition',
    minutes: '{{count}} min',
    edit: 'Modifier',
    preview: 'Page de l’événement',
    lobby: 'Salle d’attente',
    copy: 'Copier le lien court',
    copied: 'Lien court copié',
    copyFailed: 'La copie n’a pas fonctionné ; ouvrez la page de l’événement pour obtenir le lien.',
    actions: 'Actions pour {{title}}',
  },
  profile: {
    email: 'E-mail',
    none: 'Non renseigné',
    groups: 'Rôles',
    noGroups: 'Aucun rôle pour l’instant',
    editText: 'Votre nom, votre fuseau horaire et vos autres informations sont conservés dans votre profil.',
    edit: 'Modifier votre profil',
  },
  security: {
    twoFactorTitle: 'Connexion en deux étapes',
    twoFactorText: 'Demander un code de votre application d’authentification ou de votre téléphone après le mot de passe.',
    on: 'Activée',
    off: 'Désactivée',
    saving: 'Enregistrement…',
    manage: 'Configurer ou modifier les méthodes',
    passwordTitle: 'Mot de passe',
    changePassword: 'Changer le mot de passe',
    sessionsTitle: 'Sessions',
    sessionsText: 'Vous déconnecte de tous les appareils et navigateurs où vous êtes connecté, y compris celui-ci.',
    signOutEverywhere: 'Se déconnecter partout',
  },
  mediaTab: {
    memberText: 'La médiathèque est réservée aux organisateurs. Si vous devriez l’être, demandez ce rôle à l’administrateur du site.',
    lead: 'Envoyez, rangez et validez les médias du site.',
    library: 'Tous les médias : envoyer, filtrer, modifier et supprimer',
    images: 'Les images dans toutes leurs tailles',
    playlists: 'Listes de lecture audio',
    review: 'Vidéos à valider',
  },
};

export default dashboard;
