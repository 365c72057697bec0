/** The room's reactions bar: loaded in the browser when the bar first shows, so the room's document stays small (docs/decisions/0079). */
const reactions = {
  label: 'Reacciones',
  send: 'Reaccionar con {{name}}',
  sendCounted_one: 'Reaccionar con {{name}} ({{count}} reacción hace un momento)',
  sendCounted_other: 'Reaccionar con {{name}} ({{count}} reacciones hace un momento)',
  names: {
    clap: 'aplausos',
    heart: 'un corazón',
    laugh: 'risas',
    party: 'una celebración',
    thumbsUp: 'un pulgar arriba',
    raisedHand: 'una mano levantada',
  },
};

export default reactions;
