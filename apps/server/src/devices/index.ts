// The devices domain's entry: what other domains use of it (lint refuses their reaching further in). Its
// routes and the PIN guard are composed by app.ts and context.ts.
export { accessibleRemoteDevice, assertAccessibleDevice, PIN_HEADER, pinHeaders } from './device-access.js';
export { toPlace, viewDevices, withoutPlaces } from './device-view.js';
export {
  accountDeviceIds,
  cabinetPayments,
  findDevice,
  findDeviceStatement,
  findDeviceByTokenHash,
  insertDevice,
  insertPlaces,
  listAccountDevices,
  listPlaces,
  markDeviceReady,
  markDeviceSeen,
  setDevicePin,
  updateDeviceSettings,
} from './devices.repository.js';
export { assertRemotePin, keepsPin, PIN_TTL_MS } from './remote-pin.js';
