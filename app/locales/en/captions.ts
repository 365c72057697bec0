/** English strings of live captions in rooms (app/components/live/captions). */
const captions = {
  region: 'Live captions',
  show: 'Show captions',
  hide: 'Hide captions',
  toggle: 'CC',
  pending: 'still being recognised',
  unsupported: 'Live captions are not available in {{language}}.',
  speaking: '{{name}}:',
};
export default captions;
