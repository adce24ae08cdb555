// Test helpers: report rows as the server answers them, and a fake report call that answers the rows of
// the asked devices in [from, to] (a `to` written to the second covering that second), newest first.
import type { ReportEntry, ReportRequest } from '@cashdesk/contract';
import type { StubAnswer, StubCall } from './stub-api';

export function makeEntry(
  trx: string,
  delta_cents: number,
  created_at: string,
  device: { id: number; name: string } = { id: 1, name: 'Rocket 1' },
  place = 1,
): ReportEntry {
  return {
    device_id: device.id,
    device_name: device.name,
    place,
    trx,
    created_at,
    currency: 'EUR',
    user_idx: 7,
    user_name: 'Ana',
    data: { total_in: Math.max(delta_cents, 0), total_out: Math.max(-delta_cents, 0) },
  };
}

export interface ReportCalls {
  bodies: ReportRequest[];
}

/**
 * The report route for stubApi; `calls.bodies` collects what the screens asked for. With `remote: true`
 * it also answers the rows of `homePlayIds`, as the server adds the venue's home-play devices.
 */
export function fakeReport(
  entries: readonly ReportEntry[],
  calls: ReportCalls = { bodies: [] },
  homePlayIds: readonly number[] = [],
) {
  return ({ body: sent }: StubCall): StubAnswer => {
    const body = sent as ReportRequest;
    calls.bodies.push(body);
    const fromMs = Date.parse(body.from);
    const toMs = Date.parse(body.to) + 999;
    const rows = entries
      .filter(
        (row) =>
          body.device_ids.includes(row.device_id) ||
          (body.remote === true && homePlayIds.includes(row.device_id)),
      )
      .filter((row) => Date.parse(row.created_at) >= fromMs && Date.parse(row.created_at) <= toMs)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return { body: rows };
  };
}
