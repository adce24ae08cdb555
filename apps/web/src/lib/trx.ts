// Transaction ids: the client generates each money or linking call's id and keeps it until the answer is
// known (contract: idempotency; a new user action gets a new one), and screens show it shortened
// (docs/product.md section 5) while the whole id is copied and printed.

export function newTrx(): string {
  return crypto.randomUUID();
}

const HEAD = 4;
const TAIL = 4;
const ELLIPSIS = '…';

/** Display only: first 4 and last 4 characters ("3f2a…9c1d"); on phones first 4 and an ellipsis ("3f2a…"). */
export function shortenTrx(trx: string, narrow = false): string {
  if (narrow) return trx.length > HEAD ? trx.slice(0, HEAD) + ELLIPSIS : trx;
  return trx.length > HEAD + TAIL ? `${trx.slice(0, HEAD)}${ELLIPSIS}${trx.slice(-TAIL)}` : trx;
}
