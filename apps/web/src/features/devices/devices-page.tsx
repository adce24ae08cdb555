// Placeholder: the devices screen.
export function DevicesPage() {
  return <h1>Devices</h1>;
}
