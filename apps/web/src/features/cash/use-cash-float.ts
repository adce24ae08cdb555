// What the cash modal needs from the float: the light block (no deposits) and the venue's currency.
// It reads the float query the navigation bar polls, so the modal adds no request of its own.
import { useFloatQuery } from '../float/float-api';

export interface CashFloat {
  /** Unknown (still loading, or failed) counts as not blocked: the server refuses a blocked deposit anyway. */
  lightBlock: boolean;
  currency: string | undefined;
}

export function useCashFloat(): CashFloat {
  const { data } = useFloatQuery();
  return { lightBlock: data?.is_light_block_home_play ?? false, currency: data?.currency };
}
