// The English catalogues of the history page and the Statistic modal (namespaces history, report and
// statistic), kept out of the signed-in chunk: they ship with those screens' own chunks, which add them
// as they load, before their first render (BENCHMARKS.md, "Web first load"). Spanish and
// Portuguese hold every namespace in their own chunk already (resources.ts loadCatalogue).
import type { i18n as I18n } from 'i18next';
import history from './locales/en/history.json';
import report from './locales/en/report.json';
import statistic from './locales/en/statistic.json';
import { BUNDLED_LANGUAGE, type Namespace } from './resources';

export const reportCatalogues = { history, report, statistic } satisfies Partial<Record<Namespace, object>>;

/** Adds the English catalogues of the report screens once (a second call changes nothing). */
export function addReportCatalogues(i18n: I18n): void {
  for (const [ns, catalogue] of Object.entries(reportCatalogues)) {
    if (!i18n.hasResourceBundle(BUNDLED_LANGUAGE, ns))
      i18n.addResourceBundle(BUNDLED_LANGUAGE, ns, catalogue);
  }
}
