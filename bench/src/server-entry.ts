// The server process the HTTP benchmarks drive: the real app (buildApp) on a database the benchmark has
// migrated and filled, started like apps/server/src/main.ts but without migrations, demo seed or
// simulators, and with prepared statements on or off (BENCH_PREPARED=0) to compare. Prints one JSON line
// `{"bench_url": ...}` once it listens. BENCH_LEDGER_CHAIN=0 runs its ledger without the hash chain
// (ledger-chain-switch.ts), for the chain's cost. Spawned with an IPC channel (server-process.ts), it answers the
// message 'live-streams' with the number of live-updates streams it holds (the polling section's push
// terminals), and 'ledger-batches' with the ledger's transactions since the last ask (its batch observer).
import { buildApp, createContext, loadConfig, openDatabase, readBuildHash } from '@cashdesk/server';
import { ledgerChainOn } from './ledger-chain-switch.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // The web budget serves the built web app too (BENCH_WEB_DIST); the API benchmarks need none.
  config.webDist = process.env.BENCH_WEB_DIST || null;
  const db = openDatabase({ ...config.database, preparedStatements: process.env.BENCH_PREPARED !== '0' });
  config.ledger.chain = ledgerChainOn();
  // The web build's own hash, as main.ts reports it: another one would make every page the web budget
  // opens reload itself once (features/navigation/use-reload-on-new-version.ts), inside Lighthouse's window.
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  const app = await buildApp(ctx);
  let batches = { batches: 0, operations: 0, max: 0 };
  ctx.ledger.onBatch((size) => {
    batches.batches += 1;
    batches.operations += size;
    batches.max = Math.max(batches.max, size);
  });
  process.on('message', (message) => {
    if (message === 'live-streams') process.send?.({ liveStreams: ctx.changes.subscriberCount });
    if (message === 'ledger-batches') {
      process.send?.({ ledgerBatches: batches });
      batches = { batches: 0, operations: 0, max: 0 };
    }
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // The benchmark that started us is gone (its IPC channel closed): no orphan keeps the port and database.
  process.once('disconnect', () => void stop());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ bench_url: `http://127.0.0.1:${port}` })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
