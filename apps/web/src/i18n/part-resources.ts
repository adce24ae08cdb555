// English texts that only a deferred part reads (components/ui/deferred-part.tsx) ship with that part's
// own chunk, not with the signed-in chunk (BENCHMARKS.md, "Web first load"): the part imports its
// JSON and merges it into its namespace as it loads, before its first render. The rest of the namespace
// comes with the signed-in chunk (signed-in-resources.ts). Spanish and Portuguese hold every namespace
// whole in their own chunk already (resources.ts loadCatalogue).
//
// The parts: the cash modal (locales/en/cash-modal.json, namespace cash), the devices screen's four modals
// (locales/en/device-modals.json, namespace devices), the change-password modal
// (locales/en/change-password.json, namespace auth, which the login screen's first load holds), the device's detail
// (locales/en/device-detail.json, namespace devices), the shift's screens and till
// (locales/en/shift-parts.json, namespace shift, added by features/shift/shift-texts.ts) and the till's
// payouts held for a manager (locales/en/held-payouts.json, namespace cash), the notices of an unconfirmed
// operation (locales/en/unconfirmed-notice.json, namespace cash) and the player card with the
// identity form (locales/en/player-card.json, namespace players). locales/en/index.ts joins each to its
// namespace.
import type { i18n as I18n } from 'i18next';
import { BUNDLED_LANGUAGE, type Namespace } from './resources';

/** Merges a part's English texts into `ns`, never overwriting (a second call changes nothing). */
export function addPartTexts(i18n: I18n, ns: Namespace, texts: object): void {
  i18n.addResourceBundle(BUNDLED_LANGUAGE, ns, texts, true, false);
}
