// Every pt catalogue of the cashier app, one JSON file per namespace (feature). The back office's
// catalogue (backOffice.json) ships with the console's own chunk instead (back-office-resources.ts).
import auth from './auth.json';
import cash from './cash.json';
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
// Cash-drawer shifts (features/shift).
import shift from './shift.json';
// Players (features/players).
import players from './players.json';

export default {
  common,
  errors,
  auth,
  navigation,
  devices,
  cash,
  lock,
  maintenance,
  getClient,
  support,
  report,
  history,
  statistic,
  shift,
  players,
};
