import { INACTIVITY_RESET_MS } from '@cashdesk/contract';
import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivityReset } from './use-inactivity-reset';

describe('useInactivityReset', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resets after 3 minutes without activity', () => {
    const onReset = vi.fn();
    renderHook(() => useInactivityReset(onReset));
    vi.advanceTimersByTime(INACTIVITY_RESET_MS - 1);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a key', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a pointer', () => fireEvent.pointerDown(document.body)],
    ['a touch', () => fireEvent.touchStart(document.body)],
  ])('starts the 3 minutes again on %s', (_what, act) => {
    const onReset = vi.fn();
    renderHook(() => useInactivityReset(onReset));
    vi.advanceTimersByTime(INACTIVITY_RESET_MS - 1000);
    act();
    vi.advanceTimersByTime(INACTIVITY_RESET_MS - 1);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('stops when the screen is left', () => {
    const onReset = vi.fn();
    const { unmount } = renderHook(() => useInactivityReset(onReset));
    unmount();
    vi.advanceTimersByTime(INACTIVITY_RESET_MS * 2);
    expect(onReset).not.toHaveBeenCalled();
  });
});
