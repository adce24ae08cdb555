// Display-only shortening of device names (docs/product.md section 5). The full name stays in titles and labels.

/** Where a name is shown: the mobile device header and the edit modal allow longer names. */
export type NameContext = 'mobileHeader' | 'editModal' | 'default';

const ELLIPSIS = '…';

/**
 * In the mobile header or the edit modal a name longer than 18 characters shows its first 15 plus an
 * ellipsis; elsewhere a name of 17 or more shows its first 12. Counts code points, so an emoji is never cut
 * in half.
 */
export function shortenDeviceName(name: string, context: NameContext = 'default'): string {
  const chars = Array.from(name);
  if (context === 'mobileHeader' || context === 'editModal') {
    return chars.length > 18 ? chars.slice(0, 15).join('') + ELLIPSIS : name;
  }
  return chars.length >= 17 ? chars.slice(0, 12).join('') + ELLIPSIS : name;
}
