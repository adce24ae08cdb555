// The client download page's public entry.
export { GetClientPage } from './get-client-page';
