// The hash chain's cost on the money path (its bound: at most 10%), measured by the same benchmark run
// with the chain on and off: BENCH_LEDGER_CHAIN=0 runs the ledger, in the server process and in the
// benchmark's own, without it (apps/server/src/config.ts `ledger.chain`): no venue lock is shared and no
// row is sealed onto a chain, so books written so are not tamper-evident. Never a production setting: no
// server variable turns it off.
import { verifyLedger, type Db } from '@cashdesk/server';

/** Whether this run keeps the hash chain (the default) or measures without it. */
export function ledgerChainOn(): boolean {
  return process.env.BENCH_LEDGER_CHAIN !== '0';
}

/**
 * verifyLedger for the benchmark's own check: every rule, and in a chain-off run every rule but the chain
 * (its rows are outside any chain by design, and the run says so).
 */
export async function benchLedgerProblems(db: Db): Promise<string[]> {
  const found = await verifyLedger(db);
  const kept = ledgerChainOn() ? found : found.filter((m) => m.kind !== 'chain');
  return kept.map((m) => JSON.stringify(m));
}
