/** The single-item playback screens (app/routes/playback): watch, listen, related, trailer, branded player, demo. */
const playback = {
  titles: {
    mediaPlayBack: 'Watch',
    listenerMediaPlayback: 'Listen',
    morePlayBack: 'Watch and more',
    trailerPlayBack: 'Trailer',
    nuevoPlayerPage: 'Player',
    nuevoPlayerDemoPage: 'Player demo',
  },
  item: {
    by: 'By {{name}}',
    added: 'Added {{date}}',
    resumed: 'You left off at {{time}}: playing from there.',
    signInToRemember: 'Sign in and the player remembers where you left off.',
  },
  share: {
    heading: 'Share',
    label: 'Link to this page',
    copy: 'Copy link',
    copied: 'Link copied.',
    copyFailed: 'Copying was refused: select the link and copy it yourself.',
  },
  problems: {
    badLink: { title: 'This link is incomplete', body: 'The address is missing the item it should show, or it is mistyped. Go back to the library and open the item from there.' },
    signIn: { title: 'Sign in to watch', body: 'This item is shared with members of this site. Sign in and the link opens it.', action: 'Sign in' },
    notFound: { title: 'Nothing to play here', body: 'This item does not exist, was removed, or is not shared with you.' },
    library: 'Open the library',
  },
  listener: {
    heading: 'Playlist',
    playAll: 'Play all',
    shuffle: 'Shuffle',
    loop: 'Loop the list',
    repeat: 'Repeat the track',
    options: 'Playback options',
    next: 'Next track',
    previous: 'Previous track',
    nowPlaying: 'Now playing: {{title}}',
    trackOf: 'Track {{position}} of {{count}}',
    shortcuts: 'Shift+N plays the next track, Shift+P the previous one.',
    empty: 'This playlist has no tracks you can play.',
    ended: 'The playlist has finished.',
    tracks: 'Tracks',
    playTrack: 'Play {{title}}',
  },
  more: {
    related: 'More like this',
    none: 'Nothing related to this yet.',
    upNext: 'Up next: {{title}}',
    countdown: 'Playing in {{seconds}} s',
    cancel: 'Cancel autoplay',
    playNow: 'Play now',
    cancelled: 'Autoplay cancelled. Choose what to watch next.',
    sameOrganizer: 'Also by {{name}}',
  },
  trailer: {
    title: 'Trailer: {{event}}',
    none: 'This event has no trailer yet.',
    event: 'Go to the event',
    heading: 'Trailer',
  },
  nuevo: {
    lead: 'Presented by {{tenant}}',
  },
  demo: {
    lead: 'The player every screen uses, with a sample made on this server: a test pattern and a tone.',
    preparing: 'The sample is still being prepared. Reload this page in a moment.',
    missing: 'The sample has not been made on this server yet. It is made when the stack starts.',
    features: 'Try the speed button, the captions, full screen and the keyboard shortcuts.',
  },
};

export default playback;
