// The signed-in screens (navigation bar, devices list and detail, the history route), split from the
// first load: the login screen never waits for them. router.tsx imports this module once (one cached
// promise, read with `use`), so one chunk serves every signed-in route, and prefetches it once the login
// screen has loaded.
import { CashierOnly } from '../features/back-office';
import { TillLockGate } from '../features/lock';
import { AppLayout } from '../features/navigation';
import { ShiftGate } from '../features/shift';

export { DevicePage, DevicesPage } from '../features/devices';
export { HistoryRoute } from '../features/history';

/** The cashier's frame: consoles roles go to the back office, a locked till shows only the lock screen. */
export function CashierFrame() {
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
