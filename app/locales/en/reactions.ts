/** The room's reactions bar: loaded in the browser when the bar first shows, so the room's document stays small (docs/decisions/0079). */
const reactions = {
  label: 'Reactions',
  send: 'React with {{name}}',
  sendCounted_one: 'React with {{name}} ({{count}} reaction just now)',
  sendCounted_other: 'React with {{name}} ({{count}} reactions just now)',
  names: {
    clap: 'applause',
    heart: 'a heart',
    laugh: 'laughter',
    party: 'a celebration',
    thumbsUp: 'a thumbs up',
    raisedHand: 'a raised hand',
  },
};

export default reactions;
