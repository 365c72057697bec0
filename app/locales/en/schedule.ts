/** English strings of the scheduling screens (/scheduleEvents, /testScheduler, /shortUrl, dashboard event tabs) (keys mirrored by es/ and fr/). */
const schedule = {
  title: 'Schedule an event',
};

export default schedule;
