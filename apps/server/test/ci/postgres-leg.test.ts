// The server project's global setup (helpers/global-setup.ts): under CI the PostgreSQL leg cannot be
// skipped: no TEST_DATABASE_URL, or a database that does not answer, stops the run with the reason.
import { describe, expect, it } from 'vitest';
import { postgresLegProblem } from '../helpers/global-setup.js';

describe('the server project global setup under CI', () => {
  it('asks nothing outside CI', async () => {
    expect(await postgresLegProblem({})).toBeNull();
    expect(await postgresLegProblem({ CI: 'false' })).toBeNull();
  });

  it('may not be skipped in CI: no TEST_DATABASE_URL is a failure', async () => {
    expect(await postgresLegProblem({ CI: 'true' })).toMatch(/TEST_DATABASE_URL is not set/);
  });

  it('fails in CI on a database that does not answer', async () => {
    const problem = await postgresLegProblem({
      CI: 'true',
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test',
    });
    expect(problem).toMatch(/does not answer/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('passes in CI on the test database', async () => {
    expect(
      await postgresLegProblem({ CI: 'true', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }),
    ).toBeNull();
  });
});
