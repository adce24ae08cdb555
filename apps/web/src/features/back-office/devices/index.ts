// The devices' public entry: a venue's cabinets and phones, their names, settings and unlinking.
export { AccountDevices } from './account-devices';
