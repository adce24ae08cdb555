// The remote PIN is not shown in clear on the cash-manage modal, in any language: the cashier sees four
// dots and its last two digits (lib/mask-pin.ts), while the call still carries the whole PIN.
import { LANGUAGES } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { CashManageModal } from './cash-manage-modal';
import { FLOAT, ME, makeDevice, makePlace } from '../../test/cash-fixtures';
import { stubApi } from '../../test/stub-api';

const PIN = '654321';
const SHOWN = {
  en: 'Remote device · PIN ••••21',
  es: 'Dispositivo remoto · PIN ••••21',
  pt: 'Dispositivo remoto · PIN ••••21',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe.each(LANGUAGES)('remote PIN on the cash modal (%s)', (lng) => {
  it('is masked but for its last two digits, and nowhere on the page in clear', async () => {
    await i18n.changeLanguage(lng);
    stubApi({
      'GET /api/v1/a/me': { body: ME },
      'GET /api/v1/a/cashier/account_balance': { body: FLOAT },
      'POST /api/v1/a/cashier/limit_report': { body: [] },
    });
    const place = makePlace(12_345);
    renderWithProviders(
      <CashManageModal device={makeDevice([place], 1)} place={place} remotePin={PIN} onClose={() => {}} />,
    );
    expect(await screen.findByText(SHOWN[lng])).toBeTruthy();
    expect(document.body.textContent).not.toContain(PIN);
    expect(document.body.innerHTML).not.toContain(PIN);
  });
});
