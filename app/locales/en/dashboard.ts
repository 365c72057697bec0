/** English strings of the dashboard screens (keys mirrored by es/ and fr/). */
const dashboard = {
  title: 'Your dashboard',
  menu: {
    label: 'Dashboard menu',
    open: 'Menu',
    close: 'Close menu',
    scheduledEvents: 'Scheduled events',
    account: 'Account',
  },
  tabs: { ScheduleEvent: 'Schedule an event', Profile: 'Profile', Security: 'Security' },
  schedule: {
    comingSoon: 'Scheduling live events arrives with the events feature. Until then there is nothing to schedule here yet.',
    help: 'Questions? Visit support',
  },
  profile: {
    email: 'Email',
    none: 'Not set',
    groups: 'Roles',
    noGroups: 'No roles yet',
    editText: 'Your name, time zone and other details are kept in your profile.',
    edit: 'Edit your profile',
  },
  security: {
    twoFactorTitle: 'Two-factor sign-in',
    twoFactorText: 'Ask for a code from your authenticator app or phone after your password.',
    on: 'On',
    off: 'Off',
    saving: 'Saving…',
    manage: 'Set up or change methods',
    passwordTitle: 'Password',
    changePassword: 'Change password',
    sessionsTitle: 'Sessions',
    sessionsText: 'Signs you out on every device and browser where you are signed in, including this one.',
    signOutEverywhere: 'Sign out everywhere',
  },
};

export default dashboard;
