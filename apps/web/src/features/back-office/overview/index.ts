// The overview and alerts' public entry: the venue's live floor (its section of an account's page), and
// what the console's frame (back-office-layout.tsx) takes to hold the venue's live stream and count and
// notify its open alerts.
export { FloorOverview } from './floor-overview';
export { useAlertText } from './floor-alerts';
export { useBoFloorAlertsQuery } from './floor-api';
export { useAlertNotifications } from './alert-notifications';
export { FloorLiveContext, FLOOR_POLL_MS, FLOOR_POLL_WITH_PUSH_MS, useFloorLive } from './use-floor-live';
