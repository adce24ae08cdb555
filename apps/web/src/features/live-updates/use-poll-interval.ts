// How often a signed-in screen polls what it shows: every POLL_INTERVAL_MS (docs/product.md section 9: 5 s), or every
// POLL_WITH_PUSH_MS while the live-updates stream tells of changes as they happen.
import { POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import { useAppSelector } from '../../store/hooks';

export function usePollInterval(): number {
  const pushed = useAppSelector((state) => state.liveUpdates.connected);
  return pushed ? POLL_WITH_PUSH_MS : POLL_INTERVAL_MS;
}
