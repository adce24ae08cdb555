// The players feature's public entry (contract "Players"): the player the till serves (its slice, read by
// the cash modal's caller), the bar that shows them, and the two parts only a click loads: the player
// card (read a card, register one, the limit, a transfer) and the identity form a payout may ask for.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import type { PlayerIdentityForm as PlayerIdentityFormNow } from './identity-form';
import type { PlayerCardModal as PlayerCardModalNow } from './player-card-modal';

export { playerDismissed, selectTillPlayer, tillPlayerSlice, type TillPlayer } from './till-player-slice';
export { TillPlayerBar } from './till-player-bar';
/** The player card, a chunk of its own (the devices screen's first load is at its budget). */
export const PlayerCardModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof PlayerCardModalNow>>(() =>
  import('./player-card-modal').then((module) => module.PlayerCardModal),
);
/** The identity form a payout past the report threshold asks for (shown in the cash modal). */
export const PlayerIdentityForm = /* @__PURE__ */ deferredPart<ComponentProps<typeof PlayerIdentityFormNow>>(
  () => import('./identity-form').then((module) => module.PlayerIdentityForm),
);
