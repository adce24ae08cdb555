// Display-only shortening of transaction ids (spec section 5); the whole id is copied and printed.

const HEAD = 4;
const TAIL = 4;
const ELLIPSIS = '…';

/** First 4 and last 4 characters ("3f2a…9c1d"); on phones first 4 and an ellipsis ("3f2a…"). */
export function shortenTrx(trx: string, narrow = false): string {
  if (narrow) return trx.length > HEAD ? trx.slice(0, HEAD) + ELLIPSIS : trx;
  return trx.length > HEAD + TAIL ? `${trx.slice(0, HEAD)}${ELLIPSIS}${trx.slice(-TAIL)}` : trx;
}
