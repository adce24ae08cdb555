// The players feature's public entry (contract "Players"): the player the till serves (its slice, read by
// the cash modal's caller), and the parts only a click shows (parts.ts, a chunk of its own: the devices
// screen's first load is at its budget, e2e/web-budget.e2e.test.ts): the bar naming the served player,
// the player card (read a card, register one, the limit, a transfer) and the identity form a payout may
// ask for.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import type * as Parts from './parts';

export { playerDismissed, selectTillPlayer, tillPlayerSlice, type TillPlayer } from './till-player-slice';

const parts = () => import('./parts');
/** The served player above the devices: shown once the cashier serves one (so after the card's chunk). */
export const TillPlayerBar = /* @__PURE__ */ deferredPart<ComponentProps<typeof Parts.TillPlayerBar>>(() =>
  parts().then((module) => module.TillPlayerBar),
);
/** The player card. */
export const PlayerCardModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Parts.PlayerCardModal>>(
  () => parts().then((module) => module.PlayerCardModal),
);
/** The identity form a payout past the report threshold asks for (shown in the cash modal). */
export const PlayerIdentityForm = /* @__PURE__ */ deferredPart<
  ComponentProps<typeof Parts.PlayerIdentityForm>
>(() => parts().then((module) => module.PlayerIdentityForm));
