// The signed-in screens (navigation bar, devices list and detail, the history route), split from the
// first load: the login screen never waits for them. router.tsx imports this module once (one cached
// promise, read with `use`), so one chunk serves every signed-in route, and prefetches it once the login
// screen has loaded.
import i18n from '../i18n/i18n';
import { addSignedInCatalogues } from '../i18n/signed-in-resources';
import { useEffect } from 'react';
import { preloadWhenIdle } from '../components/ui/deferred-part';
import { ChangePasswordModal } from '../features/auth';
import { CashierOnly } from '../features/back-office';
import { CashManageModal, TillNotices } from '../features/cash';
import { TillLockGate, useLockStateQuery } from '../features/lock';
import { AppLayout } from '../features/navigation';
import { ShiftGate } from '../features/shift';

// Their English texts come with this chunk, in before its first render (i18n/signed-in-resources.ts).
addSignedInCatalogues(i18n);

export { DevicePage, DevicesPage } from '../features/devices';
export { HistoryRoute } from '../features/history';

const NOTHING = {};

/** The cashier's frame: consoles roles go to the back office, a locked till shows only the lock screen. */
export function CashierFrame() {
  // The till's lock state asked for at once, beside the session (router.tsx): the lock gate's own ask
  // would wait for CashierOnly to know the role, one round trip more before the devices screen. Nothing
  // of it is read here, so its answers never re-render the whole frame.
  useLockStateQuery(undefined, { selectFromResult: () => NOTHING });
  // The modals behind the screens' buttons, fetched once the screen is up, so a click opens them at once;
  // and the till's own notices (unconfirmed operations, held payouts), there when the network is not.
  useEffect(() => preloadWhenIdle([CashManageModal, TillNotices, ChangePasswordModal]), []);
  return (
    <CashierOnly>
      <TillLockGate>
        <ShiftGate>
          <AppLayout />
        </ShiftGate>
      </TillLockGate>
    </CashierOnly>
  );
}
