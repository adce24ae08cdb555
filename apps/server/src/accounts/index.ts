// The accounts (venues) domain's entry: what other domains use of it (lint refuses their reaching further
// in). Its routes are composed by app.ts.
export { assertNotBlocked, blockRefusal } from './account-blocks.js';
export {
  ALERT_SETTINGS,
  createAccount,
  findAccount,
  listAccounts,
  toAccount,
  updateAccount,
} from './accounts.repository.js';
export { cashierAccount } from './cashier-account.js';
