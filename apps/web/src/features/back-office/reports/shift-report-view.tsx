// The shift report: each cashier's deposits and withdraws (count and sum) for a day or a range of
// local days, the venue's totals beneath.
import type { Account, CashierTotals } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoShiftReportQuery } from '../shared/back-office-api';
import { DayRangeFields, FormAlert } from '../shared/fields';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { dayRange, isDay, localDay } from '../shared/day-range';

export function ShiftReportView({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const today = localDay();
  const [form, setForm] = useState({ fromDay: today, toDay: today });
  const [range, setRange] = useState(() => dayRange(today, today));
  const [problem, setProblem] = useState<string | null>(null);
  const report = useBoShiftReportQuery({ id: account.id, ...range });

  function show(event: FormEvent) {
    event.preventDefault();
    if (!isDay(form.fromDay) || !isDay(form.toDay)) return setProblem(t('shift.pickDays'));
    if (form.fromDay > form.toDay) return setProblem(t('shift.fromAfterTo'));
    setProblem(null);
    setRange(dayRange(form.fromDay, form.toDay));
  }

  const row = (
    c: Pick<CashierTotals, 'deposits' | 'deposit_total' | 'withdraws' | 'withdraw_total' | 'net'>,
  ) => (
    <>
      <td data-label={t('shift.deposits')}>{c.deposits}</td>
      <td data-label={t('shift.depositTotal')}>
        <Money cents={c.deposit_total} currency={account.currency} />
      </td>
      <td data-label={t('shift.withdraws')}>{c.withdraws}</td>
      <td data-label={t('shift.withdrawTotal')}>
        <Money cents={c.withdraw_total} currency={account.currency} />
      </td>
      <td data-label={t('shift.net')}>
        <Money cents={c.net} currency={account.currency} />
      </td>
    </>
  );

  return (
    <section className="bo-section" aria-labelledby="bo-shift-title">
      <h2 id="bo-shift-title">{t('account.section.shift')}</h2>
      <form className="bo-filters" onSubmit={show} aria-label={t('shift.period')}>
        <DayRangeFields days={form} onChange={(days) => setForm((was) => ({ ...was, ...days }))} />
        <div className="bo-actions">
          <button type="submit" className="button--primary">
            {t('shift.show')}
          </button>
        </div>
      </form>
      <FormAlert message={problem} />
      <QueryState query={report}>
        {(r) => (
          <table className="bo-table" aria-labelledby="bo-shift-title">
            <caption className="bo-muted">
              {t('shift.caption', { from: range.from.slice(0, 10), to: range.to.slice(0, 10) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('shift.cashier')}</th>
                <th scope="col">{t('shift.deposits')}</th>
                <th scope="col">{t('shift.depositTotal')}</th>
                <th scope="col">{t('shift.withdraws')}</th>
                <th scope="col">{t('shift.withdrawTotal')}</th>
                <th scope="col">{t('shift.net')}</th>
              </tr>
            </thead>
            <tbody>
              {r.cashiers.map((c) => (
                <tr key={c.user_id}>
                  <th scope="row" data-label={t('shift.cashier')}>
                    {c.name} <span className="bo-muted">({c.login})</span>
                  </th>
                  {row(c)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" data-label={t('shift.cashier')}>
                  {t('shift.total')}
                </th>
                {row(r.totals)}
              </tr>
            </tfoot>
          </table>
        )}
      </QueryState>
    </section>
  );
}
