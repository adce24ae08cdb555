// The venue's block as the screens read it from the float (docs/money.md, "Blocks"): a hard block stops
// every cash operation, a light block every deposit. The server refuses the same calls; the screen only
// disables them first and says why.
import type { FloatInfo } from '@cashdesk/contract';

export type AccountBlock = 'none' | 'light' | 'hard';

/** Unknown (float still loading, or failed) counts as none: the server refuses a blocked call anyway. */
export function accountBlock(
  float: Pick<FloatInfo, 'is_hard_block_home_play' | 'is_light_block_home_play'> | undefined,
): AccountBlock {
  if (float?.is_hard_block_home_play) return 'hard';
  if (float?.is_light_block_home_play) return 'light';
  return 'none';
}
