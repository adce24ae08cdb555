// The ledger of one account (admin, or its manager): a page of rows as JSON, or every row of the
// filters as CSV.
import { ledgerExportQuery, ledgerQuery, type LedgerRow } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/validate.js';
import { accountInScope } from '../access.js';
import { pageBounds } from '../paging.js';
import { ledgerCsv } from './ledger-csv.js';
import { listLedgerRows, type LedgerRowsQuery } from './ledger-rows.repository.js';

/** One export holds at most this many rows (newest first); a longer period is exported in parts. */
export const CSV_ROW_CAP = 100_000;

type Filters = Pick<LedgerRowsQuery, 'line' | 'kind' | 'deviceId' | 'userId'>;

function filtersOf(q: {
  line?: LedgerRowsQuery['line'];
  kind?: LedgerRowsQuery['kind'];
  device_id?: number;
  user_id?: number;
}): Filters {
  return {
    ...(q.line ? { line: q.line } : {}),
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.device_id !== undefined ? { deviceId: q.device_id } : {}),
    ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
  };
}

export function ledgerRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/a/manager/account/:id/transactions', async (request): Promise<LedgerRow[]> => {
      const account = await accountInScope(ctx, request);
      const q = parse(ledgerQuery, request.query);
      return listLedgerRows(ctx.db.kysely, { accountId: account.id, ...pageBounds(q), ...filtersOf(q) });
    });

    app.get('/a/manager/account/:id/transactions.csv', async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const q = parse(ledgerExportQuery, request.query);
      const rows = await listLedgerRows(ctx.db.kysely, {
        accountId: account.id,
        ...pageBounds({ ...q, limit: CSV_ROW_CAP + 1 }),
        ...filtersOf(q),
      });
      const truncated = rows.length > CSV_ROW_CAP;
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-account-${account.id}-${day}.csv"`)
        .header('x-truncated', truncated ? '1' : '0')
        .send(ledgerCsv(truncated ? rows.slice(0, CSV_ROW_CAP) : rows, account.currency));
    });
  };
}
