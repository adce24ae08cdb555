// Every en catalogue of the cashier app, one JSON file per namespace (feature). The back office's
// catalogue (backOffice.json) ships with the console's own chunk instead (back-office-resources.ts).
import auth from './auth.json';
// The change-password modal's texts, joined to namespace auth (a deferred part's, i18n/part-resources.ts).
import changePassword from './change-password.json';
import cash from './cash.json';
// Texts of deferred parts, each joined to its namespace here (i18n/part-resources.ts).
import cashModal from './cash-modal.json';
import deviceDetail from './device-detail.json';
import deviceModals from './device-modals.json';
import heldPayouts from './held-payouts.json';
import unconfirmedNotice from './unconfirmed-notice.json';
import common from './common.json';
import devices from './devices.json';
import errors from './errors.json';
import getClient from './get-client.json';
import history from './history.json';
import lock from './lock.json';
import maintenance from './maintenance.json';
import navigation from './navigation.json';
import report from './report.json';
import statistic from './statistic.json';
import support from './support.json';
// Cash-drawer shifts (features/shift): the navigation's entries, and the texts of the shift's deferred
// parts (the Open shift screen, the close, the reports, the till).
import shift from './shift.json';
import shiftParts from './shift-parts.json';
// Players (features/players): the till's served player, and the texts of the player card's part.
import players from './players.json';
import playerCard from './player-card.json';

export default {
  common,
  errors,
  auth: { ...auth, ...changePassword },
  navigation,
  devices: {
    ...devices,
    ...deviceDetail,
    ...deviceModals,
    // The toolbar's buttons open the modals: their labels stay with the screen.
    add: { ...devices.add, ...deviceModals.add },
    remote: { ...devices.remote, ...deviceModals.remote },
  },
  cash: {
    ...cash,
    ...cashModal,
    ...heldPayouts,
    // The notices' texts of an unconfirmed operation, beside the toasts' in the same object.
    unconfirmed: { ...cash.unconfirmed, ...unconfirmedNotice.unconfirmed },
  },
  lock,
  maintenance,
  getClient,
  support,
  report,
  history,
  statistic,
  shift: { ...shift, ...shiftParts },
  players: { ...players, ...playerCard },
};
