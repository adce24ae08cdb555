// What every route and service needs, built once at start and passed down explicitly.
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { LedgerService, systemClock, type Clock } from './ledger/ledger.service.js';

export interface AppContext {
  config: Config;
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  /** The server's build hash (`/cashier_v`), the same one the web app's /version.json carries. */
  buildHash: string;
}

export function createContext(
  config: Config,
  db: Db,
  buildHash: string,
  clock: Clock = systemClock,
): AppContext {
  return { config, db, ledger: new LedgerService(db, clock), clock, buildHash };
}
