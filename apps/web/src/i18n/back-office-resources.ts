// The back office's catalogues (namespace `backOffice`), kept out of resources.ts: they ship in the
// console's lazily loaded chunk, so a cashier's terminal never downloads them.
import type { i18n as I18n } from 'i18next';
import en from './locales/en/backOffice.json';
import es from './locales/es/backOffice.json';
import pt from './locales/pt/backOffice.json';
import { addReportCatalogues } from './report-resources';
import { addSignedInCatalogues } from './signed-in-resources';

export const BACK_OFFICE_NAMESPACE = 'backOffice';

export const backOfficeResources = { en, es, pt } as const;

/** Adds the catalogues once; the console calls it as its chunk loads, before its first render. */
export function addBackOfficeCatalogues(i18n: I18n): void {
  // The console shows parts of the cashier's screens too (change password, Z-reports): their English.
  addSignedInCatalogues(i18n);
  addReportCatalogues(i18n);
  for (const [lng, catalogue] of Object.entries(backOfficeResources)) {
    if (!i18n.hasResourceBundle(lng, BACK_OFFICE_NAMESPACE)) {
      i18n.addResourceBundle(lng, BACK_OFFICE_NAMESPACE, catalogue);
    }
  }
}
