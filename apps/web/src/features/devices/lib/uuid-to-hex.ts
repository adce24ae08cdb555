// A device uuid arrives as base64 of 16 bytes; the screen shows it as 32 hex characters (spec section 3).

const HEX_LENGTH = 32;

/**
 * Decodes base64 (standard or URL-safe, padding optional) and writes the bytes as lowercase hex,
 * truncated or padded with zeros to 32 characters. Input that is not base64 gives 32 zeros rather than
 * throwing: this is display only, and a cashier still needs the rest of the screen.
 */
export function uuidToHex(base64: string): string {
  let bytes = '';
  try {
    const normal = base64.trim().replace(/-/g, '+').replace(/_/g, '/');
    bytes = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  } catch {
    bytes = '';
  }
  let hex = '';
  for (let i = 0; i < bytes.length && hex.length < HEX_LENGTH; i += 1) {
    hex += bytes.charCodeAt(i).toString(16).padStart(2, '0');
  }
  return hex.slice(0, HEX_LENGTH).padEnd(HEX_LENGTH, '0');
}
