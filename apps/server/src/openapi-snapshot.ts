// `npm run openapi`: writes the OpenAPI document of the HTTP API to docs/openapi.json, so it can be read
// and diffed without a running server. It is generated from the route schemas (http/openapi.ts); a test
// (test/http/openapi.test.ts) fails when the checked-in copy is older than the routes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const OPENAPI_SNAPSHOT = path.resolve(here, '../../../docs/openapi.json');

/**
 * The document of a production server: demo mode off (its demo download is not part of the API), no web
 * app, a throwaway in-memory database (start-up reads its secrets); the document comes from the routes alone.
 */
export async function openApiDocument(): Promise<unknown> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', ENROLLMENT_OPEN: '0' }), webDist: null };
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  const app = await buildApp(createContext(config, db, 'snapshot'), { logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await openApiDocument();
  fs.writeFileSync(OPENAPI_SNAPSHOT, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_SNAPSHOT)}`);
}
