// The server package's entry (`@cashdesk/server`): what the benchmarks (bench/), the browser tests (e2e/)
// and other tools may use of the server without reaching into its folders. main.ts starts the product;
// importing this file starts nothing.

// Composing and starting a server.
export { buildApp, type BuildOptions } from './app.js';
export { readBuildHash } from './build-hash.js';
export { systemClock, type Clock } from './clock.js';
export { DEMO_DEFAULTS, loadConfig, type Config } from './config.js';
export { createContext, type AppContext } from './context.js';

// The database.
export {
  openDatabase,
  type Db,
  type DbOptions,
  type DialectName,
  type Executor,
  type Tx,
} from './db/database.js';
export { chainHash, GENESIS_HASH } from './db/ledger-chain.js';
export { migrateToLatest } from './db/migrate.js';
export { reportIndexesMigration } from './db/migrations/004-report-indexes.js';
export type { AccountRow, DeviceRow, LedgerKind, LedgerLine, PlaceRow, UserRow } from './db/schema.js';

// The ledger: the only code that changes a balance, and its check.
export { requestHash } from './ledger/idempotency.js';
export {
  LedgerService,
  type DeviceEventInput,
  type FloatMoveInput,
  type PlaceCashInput,
} from './ledger/ledger.service.js';
export type { Outcome } from './ledger/outcome.js';
export { verifyLedger } from './ledger/verify.js';
export { LedgerSealer, sealAllVenues } from './ledger/ledger-sealer.js';
export { SEAL_LOCK_CLASS } from './ledger/ledger-seals.repository.js';

// Accounts, users, sessions and devices, as test data and tools set them up.
export { createAccount, findAccountByName, updateAccount } from './accounts/accounts.repository.js';
export { hashPassword } from './auth/password.js';
export { createSession } from './auth/sessions.repository.js';
export { createUser, findUserByLogin } from './users/users.repository.js';
export { enrollDevice } from './gateway/gateway.service.js';
// A manager's decision on a payout held for approval, for tests of what the till then shows.
export { decideAsManager } from './approvals/approvals.service.js';

// The demo venue and its simulated devices, and the operator CLI.
export { ensureDemoDevices, readDemoDevices, type DemoDevice } from './demo/devices.js';
export { seedDemo } from './demo/seed.js';
export { startDemoSimulators, type DemoSimulators } from './demo/simulators.js';
export { runCli } from './cli/run.js';
