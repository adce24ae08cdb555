// Component tests: jsdom plus the app's translations, so tests read what a person reads.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { initI18n } from '../i18n/i18n';
import cashModalTexts from '../i18n/locales/en/cash-modal.json';
import deviceDetailTexts from '../i18n/locales/en/device-detail.json';
import { addPartTexts } from '../i18n/part-resources';
import { addReportCatalogues } from '../i18n/report-resources';
import { addSignedInCatalogues } from '../i18n/signed-in-resources';

await initI18n();
// The app adds them as the signed-in chunk loads (app/signed-in.tsx) and the report screens' chunks
// (history, Statistic); tests render those screens and their parts directly.
addSignedInCatalogues(i18n);
addReportCatalogues(i18n);
addPartTexts(i18n, 'cash', cashModalTexts);
addPartTexts(i18n, 'devices', deviceDetailTexts);
afterEach(() => cleanup());
// The modals behind a click are chunks of their own (components/ui/deferred-part.tsx): a test's first
// import of one is transformed on the spot, which takes over the default second on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });
