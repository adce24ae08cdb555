// The signed-in screens (navigation bar, devices list and detail, the history route), split from the
// first load: the login screen never waits for them. router.tsx imports this module once (one cached
// promise, read with `use`), so one chunk serves every signed-in route, and prefetches it once the login
// screen has loaded.
import { CashierOnly } from '../features/back-office/back-office-entry';
import { TillLockGate } from '../features/lock/till-lock-gate';
import { AppLayout } from '../features/navigation/app-layout';

export { DevicePage } from '../features/devices/device-page';
export { DevicesPage } from '../features/devices/devices-page';
export { HistoryRoute } from '../features/history/history-route';

/** The cashier's frame: consoles roles go to the back office, a locked till shows only the lock screen. */
export function CashierFrame() {
  return (
    <CashierOnly>
      <TillLockGate>
        <AppLayout />
      </TillLockGate>
    </CashierOnly>
  );
}
