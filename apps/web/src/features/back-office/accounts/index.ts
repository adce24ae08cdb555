// The accounts' public entry: the admin's list of venues and one venue's page, whose sections come from
// the other subjects' entries.
export { AccountsPage } from './accounts-page';
export { AccountPage } from './account-page';
