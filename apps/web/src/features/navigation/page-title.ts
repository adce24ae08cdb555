// docs/product.md section 2: the navigation bar's title comes from the current path's first segment.

/** '/devices/12' -> 'devices'; '/' -> ''. */
export function pageSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

/** The i18n key of a segment's title in the `navigation` namespace, and its fallback text. */
export function pageTitleKey(segment: string): { key: string; fallback: string } {
  const fallback =
    segment === '' ? '' : segment.charAt(0).toUpperCase() + segment.slice(1).replace(/[-_]/g, ' ');
  return { key: `titles.${segment || 'home'}`, fallback };
}
