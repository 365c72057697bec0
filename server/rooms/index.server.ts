/** The rooms feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { blockUser, unblockUser } from './moderation.server';
export { sharedEventRead } from './roomEntry.server';
export { NO_STORE, readRoomRequest, refuseAdmission, refuseRoom } from './roomRequest.server';
export { isRoomDocumentRequest, mayEnterRoom } from './roomShell.server';
// The waiting room (docs/decisions/0082): its API, and the batch decision a benchmark can call.
export { decideWaitingRoom, knockOnWaitingRoom, waitingRoomAction, waitingRoomLoader, type Selection } from './waitingRoom.server';
