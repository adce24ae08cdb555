// The signed-in user's restrictions (docs/product.md section 6), read from the cached /a/me answer.
import type { Restriction } from '@cashdesk/contract';
import { useMe } from '../../../api/auth-api';

export function useHasRestriction(): (restriction: Restriction) => boolean {
  const me = useMe();
  const held = me?.restrictions ?? [];
  return (restriction) => held.includes(restriction);
}
