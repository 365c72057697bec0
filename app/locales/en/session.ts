/** English strings of the session area: header account menu, inactivity guard (keys mirrored by es/ and fr/). */
const session = {
  signingOut: 'Signing out…',
  /** Stands for a person whose name is not known (never their address). */
  someone: 'a member',
  header: {
    signIn: 'Sign in',
    signUp: 'Sign up',
    account: 'Account',
    accountOf: 'Account menu for {{name}}',
    signedInAs: 'Signed in as',
    dashboard: 'Dashboard',
    signOut: 'Sign out',
  },
  menu: {
    label: 'Your account',
    myEvents: 'My events',
    schedule: 'Schedule an event',
    media: 'Media',
    myMedia: 'My media',
    orders: 'Orders',
    payments: 'Payments',
    profile: 'Profile',
    security: 'Security',
  },
};

export default session;
