// The signed-in screens (navigation bar, devices list and detail), split from the first load: the login
// screen never waits for them. router.tsx loads this module through route `lazy`, so one chunk serves
// every signed-in route, and prefetches it once the login screen has loaded.
export { DevicePage } from '../features/devices/device-page';
export { DevicesPage } from '../features/devices/devices-page';
export { AppLayout } from '../features/navigation/app-layout';
