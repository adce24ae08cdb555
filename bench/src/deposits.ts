// Our path: a cashier deposit through LedgerService.changePlaceCash, one fresh trx per call, exactly as the
// HTTP route would call it (minus HTTP), so the figures include Kysely, the service and idempotency.
import { randomBytes } from 'node:crypto';
import { LedgerSealer, LedgerService, type Db } from '@cashdesk/server';
import { ledgerChainOn } from './ledger-chain-switch.js';
import { DEPOSIT_CENTS, placeFor, type DepositFn, type Venue } from './setup.js';

export function ourDeposit(db: Db, venue: Venue): DepositFn {
  const ledger = new LedgerService(db, undefined, undefined, {
    chain: ledgerChainOn(),
    // The chain's sealing is the ledger's work too: counted here as in the server.
    sealer: new LedgerSealer(db),
  });
  // A per-run prefix keeps every trx new, so each call claims and writes instead of replaying an answer.
  const prefix = `bench-ours-${randomBytes(4).toString('hex')}`;
  let seq = 0;
  return async () => {
    const n = seq++;
    const outcome = await ledger.changePlaceCash({
      account_id: venue.account_id,
      user_id: venue.user_id,
      device_id: venue.device_id,
      device_uuid: venue.device_uuid,
      place: placeFor(n, venue),
      delta_cents: DEPOSIT_CENTS,
      trx: `${prefix}-${n}`,
      remote_pin: null,
    });
    if (outcome.status !== 200) {
      throw new Error(`deposit ${n} refused: ${outcome.status} ${JSON.stringify(outcome.body)}`);
    }
  };
}
