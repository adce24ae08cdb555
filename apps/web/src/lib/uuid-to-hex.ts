// A device uuid arrives as base64 of 16 bytes; screens and receipts show it as 32 hex characters (docs/product.md section 3).

const HEX_LENGTH = 32;

/**
 * Decodes base64 (standard or URL-safe, padding optional) into lowercase hex, truncated or padded with
 * zeros to 32 characters. Null when there is no uuid or it is not base64: a receipt then says 'mobile'
 * rather than print an id that names no device.
 */
export function uuidToHex(base64: string | null | undefined): string | null {
  const normal = (base64 ?? '').trim().replace(/-/g, '+').replace(/_/g, '/');
  if (normal === '') return null;
  let bytes: string;
  try {
    bytes = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  } catch {
    return null;
  }
  if (bytes.length === 0) return null;
  let hex = '';
  for (let i = 0; i < bytes.length && hex.length < HEX_LENGTH; i += 1) {
    hex += bytes.charCodeAt(i).toString(16).padStart(2, '0');
  }
  return hex.slice(0, HEX_LENGTH).padEnd(HEX_LENGTH, '0');
}
