// The English texts only the cash modal reads (namespace cash: its form, the age check, the final-bonus
// confirmation, the place's last operations), kept out of the signed-in chunk: they ship with the modal's
// own chunk (features/cash/cash-manage-modal.tsx), which adds them as it loads, before its first render.
// The rest of namespace cash (operation names, receipts, the unconfirmed notices) is read outside the
// modal too and comes with the signed-in chunk (signed-in-resources.ts). Spanish and Portuguese hold
// every namespace whole in their own chunk already (resources.ts loadCatalogue).
import type { i18n as I18n } from 'i18next';
import cashModal from './locales/en/cash-modal.json';
import { BUNDLED_LANGUAGE } from './resources';

export const cashModalCatalogue = cashModal;

/** Merges the modal's English texts into namespace cash (a second call changes nothing). */
export function addCashModalCatalogue(i18n: I18n): void {
  i18n.addResourceBundle(BUNDLED_LANGUAGE, 'cash', cashModalCatalogue, true, false);
}
