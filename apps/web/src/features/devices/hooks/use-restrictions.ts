// The signed-in user's restrictions (docs/product.md section 6), read from the cached /a/me answer.
import type { Restriction } from '@cashdesk/contract';
import { useMeQuery } from '../../../api/auth-api';

export function useHasRestriction(): (restriction: Restriction) => boolean {
  const { data: me } = useMeQuery();
  const held = me?.restrictions ?? [];
  return (restriction) => held.includes(restriction);
}
