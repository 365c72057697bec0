/** The room's reactions bar: loaded in the browser when the bar first shows, so the room's document stays small (docs/decisions/0079). */
const reactions = {
  label: 'Réactions',
  send: 'Réagir avec {{name}}',
  sendCounted_one: 'Réagir avec {{name}} ({{count}} réaction à l’instant)',
  sendCounted_other: 'Réagir avec {{name}} ({{count}} réactions à l’instant)',
  names: {
    clap: 'des applaudissements',
    heart: 'un cœur',
    laugh: 'des rires',
    party: 'une fête',
    thumbsUp: 'un pouce levé',
    raisedHand: 'une main levée',
  },
};

export default reactions;
