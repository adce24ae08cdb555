// The back office's catalogues (namespaces `backOffice` and `backOfficePlayers`, the venue's players and
// cash report), kept out of resources.ts: they ship in the console's lazily loaded chunk, so a cashier's
// terminal never downloads them.
import type { i18n as I18n } from 'i18next';
import en from './locales/en/backOffice.json';
import es from './locales/es/backOffice.json';
import pt from './locales/pt/backOffice.json';
import enPlayers from './locales/en/backOfficePlayers.json';
import esPlayers from './locales/es/backOfficePlayers.json';
import ptPlayers from './locales/pt/backOfficePlayers.json';
import { addReportCatalogues } from './report-resources';
import { addSignedInCatalogues } from './signed-in-resources';

export const BACK_OFFICE_NAMESPACE = 'backOffice';
export const BACK_OFFICE_PLAYERS_NAMESPACE = 'backOfficePlayers';

export const backOfficeResources = { en, es, pt } as const;

/** Every catalogue of the console by namespace, then language (the catalogue test checks them all). */
export const backOfficeCatalogues = {
  [BACK_OFFICE_NAMESPACE]: backOfficeResources,
  [BACK_OFFICE_PLAYERS_NAMESPACE]: { en: enPlayers, es: esPlayers, pt: ptPlayers },
} as const;

/** Adds the catalogues once; the console calls it as its chunk loads, before its first render. */
export function addBackOfficeCatalogues(i18n: I18n): void {
  // The console shows parts of the cashier's screens too (change password, Z-reports): their English.
  addSignedInCatalogues(i18n);
  addReportCatalogues(i18n);
  for (const [namespace, byLanguage] of Object.entries(backOfficeCatalogues)) {
    for (const [lng, catalogue] of Object.entries(byLanguage)) {
      if (!i18n.hasResourceBundle(lng, namespace)) i18n.addResourceBundle(lng, namespace, catalogue);
    }
  }
}
