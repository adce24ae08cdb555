// Runs once before the server project: under CI the PostgreSQL leg may not skip itself, so a missing
// TEST_DATABASE_URL, a database that does not answer or missing pg_dump/pg_restore (the backup test)
// stop the run here with the reason, before any test passes on SQLite alone.
import fs from 'node:fs';
import pg from 'pg';
import { isCI } from '../../../../test-support/ci';

export const PG_TOOLS = ['/usr/bin/pg_dump', '/usr/bin/pg_restore'];

/** Why the PostgreSQL leg cannot run under CI, or null when it can (or this is not CI). */
export async function postgresLegProblem(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (!isCI(env)) return null;
  const url = env.TEST_DATABASE_URL;
  if (!url) return 'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL leg may not be skipped in CI';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // The query in flight fails with a lost connection's error; this keeps it from being uncaught as well.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `CI=true but PostgreSQL at TEST_DATABASE_URL does not answer: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const missing = PG_TOOLS.filter((tool) => !fs.existsSync(tool));
  if (missing.length > 0)
    return `CI=true but ${missing.join(' and ')} missing (apt-get install postgresql-client)`;
  return null;
}

export default async function setup(): Promise<void> {
  const problem = await postgresLegProblem();
  if (problem) throw new Error(problem);
}
