// The floor's alert checks run on the change feed after a call answers: tests wait for the ones a call caused.
import type { TestServer } from './server.js';
import { until } from './until.js';

/** Runs `act` and waits until the venue check it caused ran (on PostgreSQL, once its notice is back). */
export async function checkedAfter<T>(server: Pick<TestServer, 'ctx'>, act: () => Promise<T>): Promise<T> {
  const checks = server.ctx.alerts;
  const before = checks.checked;
  const result = await act();
  await until(() => checks.checked > before);
  await checks.idle();
  return result;
}
