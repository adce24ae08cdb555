// The signed-in frame's part of unconfirmed cash operations: runs their resends, and shows what the till
// has to say above every screen (till-notices.tsx: the operations not confirmed yet, the payouts held for
// a manager and their outcomes, a receipt to print). That list is a deferred part, loaded once there is
// something to show (and preloaded at idle by app/signed-in.tsx, so a till that loses its network still
// has it): the devices screen's first load stays within its budget (e2e/web-budget.e2e.test.ts).
import { deferredPart } from '../../../components/ui/deferred-part';
import { useAppSelector } from '../../../store/hooks';
import { selectHasTillNotices } from './unconfirmed-slice';
import { useUnconfirmedResend } from './use-unconfirmed-resend';

export const TillNotices = /* @__PURE__ */ deferredPart<object>(() =>
  import('./till-notices').then((module) => module.TillNotices),
);

export function UnconfirmedOperations({ cashierId }: { cashierId: number | undefined }) {
  useUnconfirmedResend(cashierId);
  const shown = useAppSelector(selectHasTillNotices);
  return shown ? <TillNotices /> : null;
}
