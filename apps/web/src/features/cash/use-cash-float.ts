// What the cash modal needs from the float: the venue's block and its currency. It reads the float query
// the navigation bar polls, so the modal adds no request of its own.
import { accountBlock, type AccountBlock, useFloatQuery } from '../float';

export interface CashFloat {
  block: AccountBlock;
  currency: string | undefined;
}

export function useCashFloat(): CashFloat {
  const { data } = useFloatQuery();
  return { block: accountBlock(data), currency: data?.currency };
}
