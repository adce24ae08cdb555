// A passing toast closes by itself after TOAST_AUTO_CLOSE_MS; a sticky one (a refused amount, a weak
// password: docs/product.md section 8) stays, above the passing ones, until the person closes it.
import { TOAST_AUTO_CLOSE_MS } from '@cashdesk/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastShown } from '../../store/toasts-slice';
import { renderWithProviders } from '../../test/render';
import { Toaster } from './toaster';

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('closes a passing toast after its time, keeps a sticky one until it is closed', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(
        toastShown({
          id: 'error:maxAmount',
          kind: 'error',
          key: 'errors:maxAmount',
          params: { amount: '5000.00' },
          sticky: true,
        }),
      );
      store.dispatch(toastShown({ id: 'cash:done', kind: 'success', key: 'errors:unknown' }));
    });
    const region = screen.getByRole('status');
    // Both at once: the sticky one does not hold the passing one back.
    expect(within(region).getByText('The amount is above the maximum of 5000.00')).toBeTruthy();
    expect(within(region).getByText('Unknown error, contact technical support')).toBeTruthy();

    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(within(region).queryByText('Unknown error, contact technical support')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region).queryByText('Unknown error, contact technical support')).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    const sticky = within(region).getByRole('alert');
    expect(sticky.textContent).toContain('The amount is above the maximum of 5000.00');
    // The same message again while it shows is not a second copy.
    act(() => {
      store.dispatch(
        toastShown({ id: 'error:maxAmount', kind: 'error', key: 'errors:maxAmount', sticky: true }),
      );
    });
    expect(within(region).getAllByRole('alert')).toHaveLength(1);

    fireEvent.click(within(sticky).getByRole('button', { name: 'Close' }));
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(store.getState().toasts.queue).toEqual([]);
  });
});
