// The amount axis of the SVG charts: gridlines a step of 1, 2 or 5 times a power of ten apart (in
// cents), about four over the range, which always holds 0 (bars grow from it, down for a negative net).
export function amountScale(minCents: number, maxCents: number): { step: number; low: number; high: number } {
  const span = Math.max(maxCents, 0) - Math.min(minCents, 0);
  if (span <= 0) return { step: 100, low: 0, high: 100 };
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 5, 10].find((f) => f * power >= raw) ?? 10;
  const step = Math.max(1, Math.round(factor * power));
  return {
    step,
    low: Math.floor(Math.min(minCents, 0) / step) * step,
    high: Math.ceil(Math.max(maxCents, 0) / step) * step,
  };
}
