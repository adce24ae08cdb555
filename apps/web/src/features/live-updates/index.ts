// The live updates' public entry: the server push of the signed-in frame, its connection state and the
// polling interval that follows it.
export { approvalsChanged, liveConnected, liveDisconnected, liveUpdatesSlice } from './live-updates-slice';
export { useLiveUpdates } from './use-live-updates';
export { usePollInterval } from './use-poll-interval';
