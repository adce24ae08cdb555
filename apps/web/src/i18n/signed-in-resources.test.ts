// The English catalogues are split between the first bundle and the signed-in chunk: together they are
// every namespace, none is in both, and once the chunk has added its part English is whole.
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en';
import { FIRST_LOAD_NAMESPACES, NAMESPACES } from './resources';
import cashModalTexts from './locales/en/cash-modal.json';
import deviceDetailTexts from './locales/en/device-detail.json';
import shiftPartsTexts from './locales/en/shift-parts.json';
import heldPayoutsTexts from './locales/en/held-payouts.json';
import playerCardTexts from './locales/en/player-card.json';
import changePasswordTexts from './locales/en/change-password.json';
import unconfirmedNoticeTexts from './locales/en/unconfirmed-notice.json';
import deviceModalsTexts from './locales/en/device-modals.json';
import { addPartTexts } from './part-resources';
import { addReportCatalogues, reportCatalogues } from './report-resources';
import { addSignedInCatalogues, signedInCatalogues } from './signed-in-resources';

describe('English catalogues of the first bundle, the signed-in chunk, the deferred parts and the report screens', () => {
  it('are every namespace, each in one place', () => {
    const split = [
      ...FIRST_LOAD_NAMESPACES,
      ...Object.keys(signedInCatalogues),
      ...Object.keys(reportCatalogues),
    ];
    expect(new Set(split).size).toBe(split.length);
    expect([...split].sort()).toEqual([...NAMESPACES].sort());
  });

  it('make English whole once the signed-in chunk and the report screens have added their parts', () => {
    // The deferred parts' texts first: whichever order the chunks arrive in, English ends whole.
    addPartTexts(i18n, 'cash', cashModalTexts);
    addPartTexts(i18n, 'devices', deviceDetailTexts);
    addPartTexts(i18n, 'shift', shiftPartsTexts);
    addPartTexts(i18n, 'cash', heldPayoutsTexts);
    addPartTexts(i18n, 'players', playerCardTexts);
    addPartTexts(i18n, 'auth', changePasswordTexts);
    addPartTexts(i18n, 'cash', unconfirmedNoticeTexts);
    addPartTexts(i18n, 'devices', deviceModalsTexts);
    addSignedInCatalogues(i18n);
    addSignedInCatalogues(i18n);
    addReportCatalogues(i18n);
    for (const ns of NAMESPACES) expect(i18n.getResourceBundle('en', ns)).toEqual(en[ns]);
  });
});
