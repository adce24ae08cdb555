// The audit log's public entry: the whole log (an admin's page) and a venue's (a section of its page).
export { AuditList } from './audit-list';
export { AuditPage } from './audit-page';
