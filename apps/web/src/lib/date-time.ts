// Local date-times on screen: DD.MM HH:mm in lists and tables (docs/product.md section 9), and the full date with
// seconds on a receipt or a printed history, which a customer or a manager may keep.

const two = (n: number) => n.toString().padStart(2, '0');

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatShortDate(iso: string): string {
  const d = parse(iso);
  return d ? `${two(d.getDate())}.${two(d.getMonth() + 1)} ${two(d.getHours())}:${two(d.getMinutes())}` : '';
}

export function formatReceiptTime(iso: string): string {
  const d = parse(iso);
  if (!d) return '';
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A moment to come or gone, with its year: DD.MM.YYYY HH:mm (a raised limit's start, say). */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d
    ? `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`
    : '';
}
