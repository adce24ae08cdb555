import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReloadOnBlockChange } from './use-reload-on-block-change';

type Flags = { is_hard_block_home_play: boolean; is_light_block_home_play: boolean } | undefined;
const flags = (hard: boolean, light: boolean) => ({
  is_hard_block_home_play: hard,
  is_light_block_home_play: light,
});

function setup(first: Flags) {
  const reload = vi.fn();
  const hook = renderHook(({ float }: { float: Flags }) => useReloadOnBlockChange(float, reload), {
    initialProps: { float: first },
  });
  return { reload, next: (float: Flags) => hook.rerender({ float }) };
}

describe('useReloadOnBlockChange (docs/product.md section 4)', () => {
  it('does not reload on the first answer, nor when the flags stay the same', () => {
    const { reload, next } = setup(flags(false, false));
    next(flags(false, false));
    next({ ...flags(false, false) });
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['hard block set', flags(false, false), flags(true, false)],
    ['hard block lifted', flags(true, false), flags(false, false)],
    ['light block set', flags(false, false), flags(false, true)],
    ['light block lifted', flags(false, true), flags(false, false)],
  ])('reloads when the %s between two polls', (_name, before, after) => {
    const { reload, next } = setup(before);
    next(after);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('compares across a poll without an answer (loading, error)', () => {
    const { reload, next } = setup(flags(false, false));
    next(undefined);
    expect(reload).not.toHaveBeenCalled();
    next(flags(false, true));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first answer already carries a block', () => {
    const { reload, next } = setup(undefined);
    next(flags(true, true));
    expect(reload).not.toHaveBeenCalled();
  });
});
