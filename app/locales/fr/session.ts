import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/session';

const session: TranslationShape<typeof en> = {
  signingOut: 'Déconnexion…',
  /** Stands for a person whose name is not known (never their address). */
  someone: 'un membre',
  header: {
    signIn: 'Se connecter',
    signUp: 'S’inscrire',
    account: 'Compte',
    accountOf: 'Menu du compte {{name, elide(de)}}',
    signedInAs: 'Connecté en tant que',
    dashboard: 'Tableau de bord',
    signOut: 'Se déconnecter',
  },
  menu: {
    label: 'Votre compte',
    myEvents: 'Mes événements',
    schedule: 'Programmer un événement',
    media: 'Médias',
    myMedia: 'Mes médias',
    orders: 'Commandes',
    payments: 'Paiements',
    profile: 'Profil',
    security: 'Sécurité',
  },
};

export default session;
