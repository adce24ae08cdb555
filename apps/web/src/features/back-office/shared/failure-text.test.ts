import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import { failureText } from './failure-text';

addBackOfficeCatalogues(i18n);
const t = i18n.getFixedT('en');
const answer = (status: number, data: unknown) => ({ status, data });

describe('failure texts of the console', () => {
  it('names the back office refusals', () => {
    expect(failureText(answer(422, { err: ERR.loginTaken }), t)).toBe('This login is already taken');
    expect(failureText(answer(422, { err: ERR.deviceHasMoney }), t)).toMatch(/player money/);
    expect(failureText(answer(409, { err: ERR.overdraft, balance: -6000, overdraft: 5000 }), t)).toBe(
      'Refused: the float -60.00 would go past its limit of 50.00',
    );
  });

  it('shows the field and message of a validation issue', () => {
    const error = answer(400, {
      err: ERR.validation,
      issues: [{ path: 'min_amount', message: 'must not exceed max_amount' }],
    });
    expect(failureText(error, t)).toBe('Check the input: min_amount: must not exceed max_amount');
  });

  it('falls back to the messages of the cashier screens', () => {
    expect(failureText(answer(403, { err: ERR.forbidden }), t)).toBe(
      'Forbidden: you do not have permission for this',
    );
  });
});
