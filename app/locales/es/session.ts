import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/session';

const session: TranslationShape<typeof en> = {
  signingOut: 'Cerrando sesión…',
  /** Stands for a person whose name is not known (never their address). */
  someone: 'un miembro',
  header: {
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    account: 'Cuenta',
    accountOf: 'Menú de la cuenta de {{name}}',
    signedInAs: 'Sesión iniciada como',
    dashboard: 'Panel',
    signOut: 'Cerrar sesión',
  },
  menu: {
    label: 'Tu cuenta',
    myEvents: 'Mis eventos',
    schedule: 'Programar un evento',
    media: 'Multimedia',
    myMedia: 'Mis archivos',
    orders: 'Pedidos',
    payments: 'Pagos',
    profile: 'Perfil',
    security: 'Seguridad',
  },
};

export default session;
