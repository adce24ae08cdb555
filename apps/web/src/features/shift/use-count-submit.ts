// Sends a drawer call (a count at the open or close, a drop, a paid-in or paid-out) under one trx per
// attempt: a resend of the same request after a network failure or a 500 reuses it (the server answers a
// replay with the first answer), another request or any other answer ends the attempt.
import { useRef } from 'react';
import { newTrx } from '../../lib/trx';

/** `key`: what the request says (an amount, or its fields joined), so a changed request gets a new trx. */
export function useAttemptTrx(): { trxFor: (key: number | string) => string; settle: () => void } {
  const attempt = useRef<{ key: number | string; trx: string } | null>(null);
  return {
    trxFor(key) {
      if (attempt.current?.key !== key) attempt.current = { key, trx: newTrx() };
      return attempt.current.trx;
    },
    settle() {
      attempt.current = null;
    },
  };
}
