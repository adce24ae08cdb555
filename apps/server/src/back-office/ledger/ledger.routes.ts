// The ledger of one account (admin, or its manager): a page of rows as JSON, every row of the filters as
// CSV, and the head of its hash chain (db/ledger-chain.ts).
import { ledgerExportQuery, ledgerHead, ledgerQuery, ledgerRow, type LedgerRow } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sealVenue } from '../../ledger/ledger-sealer.js';
import { answers, textAnswer } from '../../http/route-schemas.js';
import { accountInScope, accountParams } from '../access.js';
import { pageBounds } from '../paging.js';
import { ledgerCsv } from './ledger-csv.js';
import { listLedgerRows, readChainHead, type LedgerRowsQuery } from './ledger-rows.repository.js';

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
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const page = {
      schema: {
        params: accountParams,
        querystring: ledgerQuery,
        response: answers({ 200: z.array(ledgerRow) }),
      },
    };
    app.get('/a/manager/account/:id/transactions', page, async (request): Promise<LedgerRow[]> => {
      const account = await accountInScope(ctx, request);
      const q = request.query;
      return listLedgerRows(ctx.db.kysely, { accountId: account.id, ...pageBounds(q), ...filtersOf(q) });
    });

    const csv = {
      schema: {
        params: accountParams,
        querystring: ledgerExportQuery,
        response: answers({
          200: textAnswer(
            'text/csv',
            `every row of the filters, newest first, at most ${CSV_ROW_CAP} (X-Truncated: 1)`,
          ),
        }),
      },
    };
    app.get('/a/manager/account/:id/transactions.csv', csv, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const q = request.query;
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

    const head = { schema: { params: accountParams, response: answers({ 200: ledgerHead }) } };
    app.get('/a/manager/account/:id/ledger_head', head, async (request) => {
      const account = await accountInScope(ctx, request);
      // The head of every row written so far: what the manager writes down is the ledger as of now.
      await sealVenue(ctx.db, account.id);
      return readChainHead(ctx.db.kysely, account.id);
    });
  };
}
