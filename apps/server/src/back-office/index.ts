// The back office's entry: what other domains use of it (lint refuses their reaching further in).
// The routes are composed by app.ts from back-office.routes.ts.
export { accountInScope, accountParams, actorOf, type Actor } from './access.js';
export { changedFields, recordAudit } from './audit/audit.repository.js';
