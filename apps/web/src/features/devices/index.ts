// The devices feature's public entry: the devices screens, their view state and the device queries.
export { patchDeviceRows, useDeviceQuery, useDevicesQuery } from './api/devices-api';
export { DevicePage } from './device-page';
export { DevicesPage } from './devices-page';
export { devicesViewSlice } from './devices-view-slice';
