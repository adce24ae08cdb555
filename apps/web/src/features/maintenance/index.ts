// The maintenance page's public entry.
export { MaintenancePage } from './maintenance-page';
