import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatReceiptTime, formatShortDate } from '../../lib/date-time';
import { PRINTING_CLASS, Receipt, ReceiptPrint } from './receipt';
import { buildReceipt, type ReceiptData } from './receipt-data';
import { DEVICE_UUID, cashResult, makeDevice, makePlace } from '../../test/cash-fixtures';

const TRX = '3f0c1a52-7d4e-4b1a-9c1e-2b7f00d1e5a9';
const LOCAL_TIME = new Date(2026, 2, 5, 14, 7, 9).toISOString();

const VENUE = 'Casino Aurora';
const RECEIPT_NO = '48213';

function receiptOf(
  over: { remote?: boolean; device_uuid?: string; delta?: number; burned?: number; stored?: boolean } = {},
) {
  const { remote = false, device_uuid = DEVICE_UUID, delta = 2550, burned = 0, stored = false } = over;
  // `stored`: an answer stored before the server added the venue and the receipt number.
  const receiptFields = stored ? {} : { venue: VENUE, receipt_no: RECEIPT_NO };
  return buildReceipt({
    result: cashResult(delta, TRX, {
      device_uuid,
      created_at: LOCAL_TIME,
      burned_final_bonus: burned,
      ...receiptFields,
    }),
    kind: delta > 0 ? 'deposit' : 'withdraw',
    device: { ...makeDevice(), uuid: device_uuid },
    place: makePlace(12_345),
    remote,
    cashier: 'Anna Cashier',
  });
}

/** The printed value of a field, by its label. */
function field(label: string): string | null {
  const term = screen.queryByText(label, { selector: 'dt' });
  return term?.nextElementSibling?.textContent ?? null;
}

describe('Receipt', () => {
  it('shows the venue, a short receipt number beside the whole trx, cashier, amount with currency, time, player and device', () => {
    render(<Receipt receipt={receiptOf()} />);
    const receipt = screen.getByRole('article', { name: 'Deposit receipt' });
    expect(receipt.firstElementChild?.textContent).toBe(VENUE);
    expect(field('Receipt No.')).toBe(RECEIPT_NO);
    expect(field('Transaction ID')).toBe(TRX);
    expect(field('Cashier')).toBe('Anna Cashier');
    expect(field('Amount')).toBe('25.50 EUR');
    expect(field('Time of deposit')).toBe('05.03.2026 14:07:09');
    expect(field('Player')).toBe('3');
    expect(field('Device')).toBe('Rocket 12 · ID 12');
    expect(field('Device UUID')).toBeNull();
  });

  it('numbers a receipt by its trx, without a venue, from an answer stored before they were sent', () => {
    render(<Receipt receipt={receiptOf({ stored: true })} />);
    expect(field('Receipt No.')).toBe(TRX);
    expect(field('Transaction ID')).toBeNull();
    expect(screen.queryByText(VENUE)).toBeNull();
  });

  it('says operation time, the amount as a magnitude and the burned bonus for a withdraw', () => {
    render(<Receipt receipt={receiptOf({ delta: -1999, burned: 500 })} />);
    expect(screen.getByRole('article', { name: 'Withdrawal receipt' })).toBeTruthy();
    expect(field('Operation time')).toBe('05.03.2026 14:07:09');
    expect(field('Amount')).toBe('19.99 EUR');
    expect(field('Final bonus burned')).toBe('5.00 EUR');
  });

  it('shows a remote device uuid as 32 hex characters', () => {
    render(<Receipt receipt={receiptOf({ remote: true })} />);
    expect(field('Device UUID')).toBe('000102030405060708090a0b0c0d0e0f');
  });

  it("says 'mobile' for a remote device without a uuid", () => {
    render(<Receipt receipt={receiptOf({ remote: true, device_uuid: '' })} />);
    expect(field('Device UUID')).toBe('mobile');
  });
});

describe('buildReceipt', () => {
  it('takes every figure from the server answer', () => {
    const receipt: ReceiptData = receiptOf({ delta: -700, burned: 120, remote: true });
    expect(receipt).toEqual({
      kind: 'withdraw',
      venue: VENUE,
      receiptNumber: RECEIPT_NO,
      trx: TRX,
      cashier: 'Anna Cashier',
      amount_cents: 700,
      currency: 'EUR',
      operationTime: LOCAL_TIME,
      playerId: 3,
      deviceId: 12,
      deviceName: 'Rocket 12',
      remote: true,
      deviceUuid: '000102030405060708090a0b0c0d0e0f',
      burned_final_bonus_cents: 120,
    });
  });
});

describe('ReceiptPrint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('puts the receipt into document.body, prints it once, and reports when printing is over', () => {
    vi.useFakeTimers();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const onPrinted = vi.fn();
    const { unmount } = render(<ReceiptPrint receipt={receiptOf()} onPrinted={onPrinted} />);

    const root = document.body.querySelector(':scope > .receipt-print');
    expect(root?.textContent).toContain(TRX);
    expect(document.body.classList.contains(PRINTING_CLASS)).toBe(true);
    expect(print).not.toHaveBeenCalled(); // not before the receipt is laid out

    act(() => vi.advanceTimersByTime(0));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.head.querySelector('style[data-receipt-page]')?.textContent).toMatch(
      /@page \{ size: 80mm \d+mm; margin: 0; \}/,
    );

    act(() => window.dispatchEvent(new Event('afterprint')));
    expect(onPrinted).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onPrinted).toHaveBeenCalledTimes(1);

    unmount();
    expect(document.body.classList.contains(PRINTING_CLASS)).toBe(false);
    expect(document.head.querySelector('style[data-receipt-page]')).toBeNull();
  });

  it('finishes anyway when the browser never says afterprint', () => {
    vi.useFakeTimers();
    vi.stubGlobal('print', vi.fn());
    const onPrinted = vi.fn();
    render(<ReceiptPrint receipt={receiptOf()} onPrinted={onPrinted} />);
    act(() => vi.advanceTimersByTime(0));
    expect(onPrinted).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onPrinted).toHaveBeenCalledTimes(1);
  });
});

describe('times', () => {
  it('are local: DD.MM HH:mm in lists, the full date and seconds on receipts', () => {
    expect(formatShortDate(LOCAL_TIME)).toBe('05.03 14:07');
    expect(formatReceiptTime(LOCAL_TIME)).toBe('05.03.2026 14:07:09');
    expect(formatReceiptTime('nonsense')).toBe('');
  });
});
