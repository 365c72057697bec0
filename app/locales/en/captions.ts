/** English strings of live captions in rooms (app/components/live/captions). */
const captions = {
  region: 'Live captions',
  show: 'Show captions',
  hide: 'Hide captions',
  toggle: 'CC',
  pending: 'still being recognised',
  unsupported: 'Live captions are not available in {{language}}.',
  speaking: '{{name}}:',
  menu: 'Captions',
  off: 'Off',
  translated: 'English (translated)',
  busy: 'Captions are not shown for your microphone: this server is already captioning as many speakers as it can. Trying again shortly.',
};
export default captions;
