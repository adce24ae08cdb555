// The English catalogues of the signed-in screens, kept out of the first bundle (resources.ts): they
// ship in the signed-in chunk (app/signed-in.tsx) and the back office's (back-office-resources.ts), which
// add them as they load, before their first render. Those of the history page and the Statistic modal
// come with those screens' chunks (report-resources.ts). Spanish and Portuguese hold every namespace in their
// own chunk already (resources.ts loadCatalogue).
import type { i18n as I18n } from 'i18next';
import cash from './locales/en/cash.json';
import devices from './locales/en/devices.json';
import lock from './locales/en/lock.json';
import navigation from './locales/en/navigation.json';
import players from './locales/en/players.json';
import shift from './locales/en/shift.json';
import support from './locales/en/support.json';
import { BUNDLED_LANGUAGE, type Namespace } from './resources';

export const signedInCatalogues = {
  navigation,
  devices,
  cash,
  lock,
  support,
  shift,
  players,
} satisfies Partial<Record<Namespace, object>>;

/** Adds the English catalogues of the signed-in screens once (a second call changes nothing). */
export function addSignedInCatalogues(i18n: I18n): void {
  for (const [ns, catalogue] of Object.entries(signedInCatalogues)) {
    // Merged, never overwriting: the cash modal's chunk adds its own part of namespace cash
    // (part-resources.ts), and the order the two arrive in must not matter.
    i18n.addResourceBundle(BUNDLED_LANGUAGE, ns, catalogue, true, false);
  }
}
