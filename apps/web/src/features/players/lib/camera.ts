// Whether the till may offer to scan a card's QR code: a browser that can open a camera, on a page it
// trusts with one (https, or this machine). Whether there is a camera, and whether the cashier lets the
// page use it, only opening it tells (components/qr-scanner.tsx says so then).
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
