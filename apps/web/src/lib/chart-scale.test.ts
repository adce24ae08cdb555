// The charts' amount axis: round steps, about four gridlines, 0 always on it.
import { describe, expect, it } from 'vitest';
import { amountScale } from './chart-scale';

describe('amountScale', () => {
  it('scales the amount axis in steps of 1, 2 or 5 times a power of ten', () => {
    expect(amountScale(0, 0)).toEqual({ step: 100, low: 0, high: 100 });
    expect(amountScale(0, 1)).toEqual({ step: 1, low: 0, high: 1 });
    expect(amountScale(0, 10_00)).toEqual({ step: 5_00, low: 0, high: 10_00 });
    expect(amountScale(0, 17_51)).toEqual({ step: 5_00, low: 0, high: 20_00 });
    expect(amountScale(0, 99_00)).toEqual({ step: 50_00, low: 0, high: 100_00 });
    expect(amountScale(0, 123_456_78)).toEqual({ step: 50_000_00, low: 0, high: 150_000_00 });
  });

  it('reaches below 0 for a negative net, on the same steps', () => {
    expect(amountScale(-30_00, 70_00)).toEqual({ step: 50_00, low: -50_00, high: 100_00 });
    expect(amountScale(-12_00, 0)).toEqual({ step: 5_00, low: -15_00, high: 0 });
  });
});
