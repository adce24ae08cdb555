// docs/product.md section 4: when the account's hard or light block flag changes between two polls of the float,
// the page reloads, so every screen starts again from the new rules (no half-blocked forms left open).
import type { FloatInfo } from '@cashdesk/contract';
import { useEffect, useRef } from 'react';

type BlockFlags = Pick<FloatInfo, 'is_hard_block_home_play' | 'is_light_block_home_play'>;

export function reloadPage(): void {
  window.location.reload();
}

export function useReloadOnBlockChange(float: BlockFlags | undefined, reload: () => void = reloadPage): void {
  const previous = useRef<BlockFlags | undefined>(undefined);
  useEffect(() => {
    // No answer (loading, an error) is not a change: compare the next answer with the last one seen.
    if (!float) return;
    const before = previous.current;
    previous.current = {
      is_hard_block_home_play: float.is_hard_block_home_play,
      is_light_block_home_play: float.is_light_block_home_play,
    };
    if (
      before &&
      (before.is_hard_block_home_play !== float.is_hard_block_home_play ||
        before.is_light_block_home_play !== float.is_light_block_home_play)
    ) {
      reload();
    }
  }, [float, reload]);
}
