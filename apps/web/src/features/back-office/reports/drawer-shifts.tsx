// Cash-drawer shifts of an account (when it uses shifts): each cashier's shifts by day, newest first,
// with the opening cash, expected, counted and the difference (over/short), and each shift's Z-report.
import type { Account, ShiftListQuery, ShiftListRow } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZReportModal } from '../../shift';
import { useBoAccountUsersQuery } from '../shared/back-office-api';
import { useBoDrawerShiftsQuery, useBoZReportQuery } from './drawer-shifts-api';
import { LoadMore, PageRows, useCursorPages } from '../shared/cursor-pages';
import { DayRangeFields, FormAlert, SelectField } from '../shared/fields';
import { Money } from '../shared/money';
import { dayRange, isDay } from '../shared/day-range';
import { formatDateTime } from '../shared/units';

export const SHIFTS_PAGE_SIZE = 50;

interface Filters {
  cashier: string;
  fromDay: string;
  toDay: string;
}

export function DrawerShifts({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const users = useBoAccountUsersQuery(account.id);
  const cashiers = (users.data ?? []).filter((u) => u.role === 'cashier');
  const [form, setForm] = useState<Filters>({ cashier: '', fromDay: '', toDay: '' });
  const [filters, setFilters] = useState<Filters>(form);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const pages = useCursorPages<ShiftListRow>(SHIFTS_PAGE_SIZE);

  function show(event: FormEvent) {
    event.preventDefault();
    const days = [form.fromDay, form.toDay].filter((d) => d !== '');
    if (!days.every(isDay)) return setProblem(t('shift.pickDays'));
    if (form.fromDay && form.toDay && form.fromDay > form.toDay) return setProblem(t('shift.fromAfterTo'));
    setProblem(null);
    setFilters(form);
    pages.reset();
  }

  const range = {
    ...(filters.fromDay ? { from: dayRange(filters.fromDay, filters.fromDay).from } : {}),
    ...(filters.toDay ? { to: dayRange(filters.toDay, filters.toDay).to } : {}),
  };
  const key = `${filters.cashier}:${filters.fromDay}:${filters.toDay}`;

  return (
    <section className="bo-section" aria-labelledby="bo-drawer-shifts-title">
      <h2 id="bo-drawer-shifts-title">{t('drawerShifts.title')}</h2>
      {!account.shifts && <p className="bo-muted">{t('drawerShifts.off')}</p>}
      <form className="bo-filters" onSubmit={show} aria-label={t('drawerShifts.filters')}>
        <SelectField
          label={t('drawerShifts.cashier')}
          value={form.cashier}
          onChange={(e) => setForm((was) => ({ ...was, cashier: e.target.value }))}
        >
          <option value="">{t('ledger.all')}</option>
          {cashiers.map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.name} ({u.login})
            </option>
          ))}
        </SelectField>
        <DayRangeFields days={form} onChange={(days) => setForm((was) => ({ ...was, ...days }))} />
        <button type="submit">{t('drawerShifts.show')}</button>
      </form>
      <FormAlert message={problem} />
      <table className="bo-table bo-table--dense" aria-labelledby="bo-drawer-shifts-title">
        <thead>
          <tr>
            <th scope="col">{t('drawerShifts.cashier')}</th>
            <th scope="col">{t('drawerShifts.opened')}</th>
            <th scope="col">{t('drawerShifts.closed')}</th>
            <th scope="col">{t('drawerShifts.opening')}</th>
            <th scope="col">{t('drawerShifts.expected')}</th>
            <th scope="col">{t('drawerShifts.counted')}</th>
            <th scope="col">{t('drawerShifts.difference')}</th>
            <th scope="col">{t('drawerShifts.report')}</th>
          </tr>
        </thead>
        {pages.cursors.map((before, index) => (
          <ShiftsPage
            key={`${key}:${before ?? 'first'}`}
            account={account}
            query={{
              limit: String(SHIFTS_PAGE_SIZE),
              ...range,
              ...(filters.cashier ? { user_id: filters.cashier } : {}),
              ...(before !== undefined ? { before: String(before) } : {}),
            }}
            onRows={pages.reporter(index)}
            onOpen={setOpened}
          />
        ))}
      </table>
      {pages.empty && <p className="bo-muted">{t('drawerShifts.empty')}</p>}
      <LoadMore onMore={pages.more} />
      {opened !== null && (
        <ZReportOf accountId={account.id} shiftId={opened} onClose={() => setOpened(null)} />
      )}
    </section>
  );
}

function ShiftsPage({
  account,
  query,
  onRows,
  onOpen,
}: {
  account: Account;
  query: ShiftListQuery;
  onRows: ((rows: ShiftListRow[]) => void) | undefined;
  onOpen: (shiftId: number) => void;
}) {
  const { t } = useTranslation('backOffice');
  const page = useBoDrawerShiftsQuery({ id: account.id, query });
  const money = (cents: number | null) =>
    cents === null ? '—' : <Money cents={cents} currency={account.currency} />;
  return (
    <PageRows page={page} colSpan={8} onRows={onRows}>
      {(rows) =>
        rows.map((s) => (
          <tr key={s.id}>
            <td data-label={t('drawerShifts.cashier')}>{s.cashier_name}</td>
            <td data-label={t('drawerShifts.opened')}>{formatDateTime(s.opened_at)}</td>
            <td data-label={t('drawerShifts.closed')}>
              {s.closed_at === null ? t('drawerShifts.stillOpen') : formatDateTime(s.closed_at)}
            </td>
            <td data-label={t('drawerShifts.opening')}>{money(s.opening_cents)}</td>
            <td data-label={t('drawerShifts.expected')}>{money(s.expected_cents)}</td>
            <td data-label={t('drawerShifts.counted')}>{money(s.counted_cents)}</td>
            <td data-label={t('drawerShifts.difference')}>{money(s.difference_cents)}</td>
            <td data-label={t('drawerShifts.report')}>
              {s.closed_at !== null && (
                <button type="button" onClick={() => onOpen(s.id)} aria-haspopup="dialog">
                  {t('drawerShifts.zReport', { id: s.id })}
                </button>
              )}
            </td>
          </tr>
        ))
      }
    </PageRows>
  );
}

function ZReportOf({
  accountId,
  shiftId,
  onClose,
}: {
  accountId: number;
  shiftId: number;
  onClose: () => void;
}) {
  const report = useBoZReportQuery({ id: accountId, shiftId });
  const { t } = useTranslation('backOffice');
  if (report.isError) return <FormAlert message={t('drawerShifts.reportFailed')} />;
  if (!report.data) return null;
  return <ZReportModal report={report.data} onClose={onClose} />;
}
