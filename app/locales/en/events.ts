/** English strings of the event listings, calendar and preview screens, and shared event labels (keys mirrored by es/ and fr/). */
const events = {
  status: {
    scheduled: 'Scheduled',
    open: 'Doors open',
    live: 'Live now',
    ended: 'Ended',
    expired: 'Over',
    cancelled: 'Cancelled',
  },
};

export default events;
