// The ledger of an account: every row of its books, newest first, filtered by days, line, kind, device
// and cashier; "Load more" pages back by id, and the same filters export as CSV. A cashier's deposit or
// withdraw can be corrected from its row (docs/product.md section 13); a corrected pair names each other.
import {
  LEDGER_KINDS,
  LEDGER_LINES,
  type Account,
  type LedgerKind,
  type LedgerLine,
  type LedgerQuery,
  type LedgerRow,
} from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ledgerCsvUrl,
  useBoAccountUsersQuery,
  useBoDevicesQuery,
  useBoLedgerQuery,
} from '../shared/back-office-api';
import { shortenTrx } from '../../../lib/trx';
import { CorrectionModal, isCorrectable } from './correction-modal';
import { LoadMore, PageRows, useCursorPages } from '../shared/cursor-pages';
import { DayField, SelectField } from '../shared/fields';
import { Money } from '../shared/money';
import { dayRange, isDay } from '../shared/day-range';
import { formatDateTime } from '../shared/units';

export const LEDGER_PAGE_SIZE = 50;

interface FilterForm {
  fromDay: string;
  toDay: string;
  line: LedgerLine | '';
  kind: LedgerKind | '';
  deviceId: string;
  userId: string;
}

const NO_FILTERS: FilterForm = { fromDay: '', toDay: '', line: '', kind: '', deviceId: '', userId: '' };

/** The query of the chosen filters; a day alone means from (or until) that local day. */
export function ledgerFilters(form: FilterForm): Omit<LedgerQuery, 'limit' | 'before'> {
  const from = isDay(form.fromDay) ? dayRange(form.fromDay, form.fromDay).from : undefined;
  const to = isDay(form.toDay) ? dayRange(form.toDay, form.toDay).to : undefined;
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(form.line ? { line: form.line } : {}),
    ...(form.kind ? { kind: form.kind } : {}),
    ...(form.deviceId ? { device_id: form.deviceId } : {}),
    ...(form.userId ? { user_id: form.userId } : {}),
  };
}

export function LedgerView({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const devices = useBoDevicesQuery(account.id);
  const users = useBoAccountUsersQuery(account.id);
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const [filters, setFilters] = useState(() => ledgerFilters(NO_FILTERS));
  const pages = useCursorPages<LedgerRow>(LEDGER_PAGE_SIZE);
  const [correcting, setCorrecting] = useState<LedgerRow | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    // A day that is not one is said under its field; nothing is applied until it is put right.
    if (![form.fromDay, form.toDay].every((day) => day === '' || isDay(day))) return;
    setFilters(ledgerFilters(form));
    pages.reset();
  }
  function reset() {
    setForm(NO_FILTERS);
    setFilters(ledgerFilters(NO_FILTERS));
    pages.reset();
  }
  const set = (field: keyof FilterForm) => (value: string) => setForm((was) => ({ ...was, [field]: value }));

  return (
    <section className="bo-section" aria-labelledby="bo-ledger-title">
      <h2 id="bo-ledger-title">{t('account.section.ledger')}</h2>
      <form className="bo-filters" onSubmit={apply} aria-label={t('ledger.filters')}>
        <DayField label={t('ledger.fromDay')} value={form.fromDay} onValueChange={set('fromDay')} />
        <DayField label={t('ledger.toDay')} value={form.toDay} onValueChange={set('toDay')} />
        <SelectField label={t('ledger.line')} value={form.line} onChange={(e) => set('line')(e.target.value)}>
          <option value="">{t('ledger.all')}</option>
          {LEDGER_LINES.map((line) => (
            <option key={line} value={line}>
              {t(`ledger.lines.${line}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('ledger.kind')} value={form.kind} onChange={(e) => set('kind')(e.target.value)}>
          <option value="">{t('ledger.all')}</option>
          {LEDGER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`ledger.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('ledger.device')}
          value={form.deviceId}
          onChange={(e) => set('deviceId')(e.target.value)}
        >
          <option value="">{t('ledger.all')}</option>
          {(devices.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} (#{d.id})
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('ledger.user')}
          value={form.userId}
          onChange={(e) => set('userId')(e.target.value)}
        >
          <option value="">{t('ledger.all')}</option>
          {(users.data ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.login})
            </option>
          ))}
        </SelectField>
        <div className="bo-actions">
          <button type="button" onClick={reset}>
            {t('ledger.reset')}
          </button>
          <button type="submit" className="button--primary">
            {t('ledger.apply')}
          </button>
          <a className="bo-button-link" href={ledgerCsvUrl(account.id, filters)} download>
            {t('ledger.exportCsv')}
          </a>
        </div>
      </form>
      <table className="bo-table bo-table--dense" aria-labelledby="bo-ledger-title">
        <thead>
          <tr>
            <th scope="col">{t('ledger.time')}</th>
            <th scope="col">{t('ledger.kind')}</th>
            <th scope="col">{t('ledger.line')}</th>
            <th scope="col">{t('ledger.amount')}</th>
            <th scope="col">{t('ledger.balanceAfter')}</th>
            <th scope="col">{t('ledger.device')}</th>
            <th scope="col">{t('ledger.user')}</th>
            <th scope="col">{t('ledger.reason')}</th>
            <th scope="col">{t('ledger.trx')}</th>
          </tr>
        </thead>
        {pages.cursors.map((before, index) => (
          <LedgerPage
            key={`${JSON.stringify(filters)}:${before ?? 'first'}`}
            account={account}
            query={{
              ...filters,
              limit: String(LEDGER_PAGE_SIZE),
              ...(before !== undefined ? { before: String(before) } : {}),
            }}
            onRows={pages.reporter(index)}
            onCorrect={setCorrecting}
          />
        ))}
      </table>
      {pages.empty && <p className="bo-muted">{t('ledger.empty')}</p>}
      <LoadMore onMore={pages.more} />
      {correcting && (
        <CorrectionModal account={account} row={correcting} onClose={() => setCorrecting(null)} />
      )}
    </section>
  );
}

function LedgerPage({
  account,
  query,
  onRows,
  onCorrect,
}: {
  account: Account;
  query: LedgerQuery;
  onRows: ((rows: LedgerRow[]) => void) | undefined;
  onCorrect: (row: LedgerRow) => void;
}) {
  const { t } = useTranslation('backOffice');
  const page = useBoLedgerQuery({ id: account.id, query });
  return (
    <PageRows page={page} colSpan={9} onRows={onRows}>
      {(rows) =>
        rows.map((r) => (
          <tr key={r.id}>
            <td data-label={t('ledger.time')}>{formatDateTime(r.created_at)}</td>
            <td data-label={t('ledger.kind')}>{t(`ledger.kinds.${r.kind}`)}</td>
            <td data-label={t('ledger.line')}>{t(`ledger.lines.${r.line}`)}</td>
            <td data-label={t('ledger.amount')}>
              <Money cents={r.amount} currency={account.currency} />
            </td>
            <td data-label={t('ledger.balanceAfter')}>
              {r.balance_after === null ? '—' : <Money cents={r.balance_after} currency={account.currency} />}
            </td>
            <td data-label={t('ledger.device')}>
              {r.device_id === null
                ? '—'
                : `${r.device_name ?? ''} #${r.device_id}${r.place ? ` · ${t('ledger.place', { place: r.place })}` : ''}`}
            </td>
            <td data-label={t('ledger.user')}>
              {r.user_name ?? (r.user_id === null ? t('ledger.operator') : `#${r.user_id}`)}
            </td>
            <td data-label={t('ledger.reason')} className="bo-table__reason">
              {r.reason ?? ''}
            </td>
            <td data-label={t('ledger.trx')}>
              <code title={r.trx}>{shortenTrx(r.trx)}</code>
              <CorrectionLink row={r} />
              {isCorrectable(r) && (
                <div>
                  <button
                    type="button"
                    aria-label={t('corrections.correctLabel', { trx: shortenTrx(r.trx) })}
                    onClick={() => onCorrect(r)}
                  >
                    {t('corrections.correct')}
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))
      }
    </PageRows>
  );
}

/** The other row of a corrected pair, by its trx as this table shortens it. */
function CorrectionLink({ row }: { row: LedgerRow }) {
  const { t } = useTranslation('backOffice');
  if (row.corrected_by !== undefined) {
    return (
      <div className="bo-muted">{t('corrections.correctedBy', { trx: shortenTrx(row.corrected_by) })}</div>
    );
  }
  if (row.corrects !== undefined) {
    return <div className="bo-muted">{t('corrections.corrects', { trx: shortenTrx(row.corrects) })}</div>;
  }
  return null;
}
