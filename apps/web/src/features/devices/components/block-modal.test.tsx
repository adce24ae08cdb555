import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BlockModal } from './block-modal';

describe('BlockModal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down on its OK button and closes itself at 0', () => {
    const onClose = vi.fn();
    renderWithProviders(<BlockModal level="hard" onClose={onClose} />);
    expect(screen.getByRole('alert').textContent).toBe('Sorry, remote devices are blocked');
    expect(screen.getByRole('button', { name: 'OK (5)' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'OK (4)' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once on OK', () => {
    const onClose = vi.fn();
    renderWithProviders(<BlockModal level="light" onClose={onClose} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Sorry, remote devices are available for withdraw only',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK (5)' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
