/** The polls feature's public surface (docs/decisions/0081-polls.md; docs/ARCHITECTURE.md, Features). */
export { pollsAction, pollsExportLoader, pollsLoader } from './api.server';
export { castVote, NOTIFY_MS, type Voter } from './polls.server';
export { pollsOnRecording } from './export.server';
export { PollStateError, pollRefusal } from './data/polls.server';
