import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/dashboard';

const dashboard: TranslationShape<typeof en> = {
  title: 'Votre tableau de bord',
  menu: {
    label: 'Menu du tableau de bord',
    open: 'Menu',
    close: 'Fermer le menu',
    scheduledEvents: 'Événements programmés',
    account: 'Compte',
  },
  tabs: { ScheduleEvent: 'Programmer un événement', Profile: 'Profil', Security: 'Sécurité' },
  schedule: {
    comingSoon: 'La programmation d’événements en direct arrive avec la fonctionnalité événements. D’ici là, il n’y a encore rien à programmer ici.',
    help: 'Des questions ? Consultez l’aide',
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
};

export default dashboard;
