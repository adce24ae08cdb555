// Sends a drawer count (open or close) under one trx per attempt: a resend after a network failure or a
// 500 reuses it (the server answers a replay with the first answer), any other answer ends the attempt.
import { useRef } from 'react';
import { newTrx } from '../../lib/trx';

export function useAttemptTrx(): { trxFor: (counted: number) => string; settle: () => void } {
  const attempt = useRef<{ counted: number; trx: string } | null>(null);
  return {
    trxFor(counted) {
      if (attempt.current?.counted !== counted) attempt.current = { counted, trx: newTrx() };
      return attempt.current.trx;
    },
    settle() {
      attempt.current = null;
    },
  };
}
