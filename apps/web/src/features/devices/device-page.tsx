// Placeholder: a device on small screens (/devices/:deviceId).
export function DevicePage() {
  return <h1>Device</h1>;
}
