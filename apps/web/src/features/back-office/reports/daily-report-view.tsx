// The daily report (docs/product.md section 15; docs/back-office.md, "The daily report"): one gaming day
// of the venue by its own clock, per device and in total, with the ledger head at the day's end. It
// prints on its own (the print style sheet hides the rest of the console) and downloads as CSV.
import { gamingDayBounds, type Account, type DailyFigures, type DailyReport } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download-file';
import { useBoDailyReportQuery } from '../shared/back-office-api';
import { DayField, FormAlert } from '../shared/fields';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { isDay } from '../shared/day-range';
import { dailyReportCsv, dailyReportFileName, lastEndedDay, venueTime } from './daily-report';

export function DailyReportView({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const [typed, setTyped] = useState(() => lastEndedDay(account, Date.now()));
  const [day, setDay] = useState(typed);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useBoDailyReportQuery({ id: account.id, day });

  function show(event: FormEvent) {
    event.preventDefault();
    if (!isDay(typed) || Number.isNaN(Date.parse(`${typed}T00:00:00Z`)))
      return setProblem(t('daily.pickDay'));
    if (gamingDayBounds(typed, account).fromMs > Date.now()) return setProblem(t('daily.notBegun'));
    setProblem(null);
    setDay(typed);
  }

  return (
    <section className="bo-section" aria-labelledby="bo-daily-title">
      <h2 id="bo-daily-title">{t('account.section.daily')}</h2>
      <form className="bo-filters bo-no-print" onSubmit={show} aria-label={t('daily.period')}>
        <DayField label={t('daily.day')} value={typed} onValueChange={setTyped} />
        <div className="bo-actions">
          <button type="submit" className="button--primary">
            {t('daily.show')}
          </button>
        </div>
      </form>
      <FormAlert message={problem} />
      <QueryState query={report}>{(r) => <DailyReportSheet report={r} />}</QueryState>
    </section>
  );
}

function DailyReportSheet({ report: r }: { report: DailyReport }) {
  const { t } = useTranslation('backOffice');
  const csv = () => downloadFile(dailyReportFileName(r), dailyReportCsv(r), 'text/csv;charset=utf-8');
  return (
    <div className="bo-daily">
      <div className="bo-actions bo-no-print">
        <button type="button" onClick={() => window.print()}>
          {t('daily.print')}
        </button>
        <button type="button" onClick={csv}>
          {t('daily.csv')}
        </button>
      </div>
      <h3 className="bo-daily__title">{t('daily.heading', { venue: r.venue, day: r.day })}</h3>
      {!r.complete && <p className="bo-alert">{t('daily.running')}</p>}
      <dl className="bo-daily__header">
        <dt>{t('daily.window')}</dt>
        <dd>
          {t('daily.windowText', {
            from: venueTime(r.from, r.time_zone),
            to: venueTime(r.to, r.time_zone),
            zone: r.time_zone,
          })}
        </dd>
        <dt>{t('daily.made')}</dt>
        <dd>{t('daily.madeText', { at: venueTime(r.made_at, r.time_zone), by: r.made_by })}</dd>
        <dt>{t('daily.head')}</dt>
        <dd>
          {t('daily.headEntries', { count: r.ledger_head.entries })} <code>{r.ledger_head.hash}</code>
        </dd>
      </dl>
      <DailyTable report={r} />
    </div>
  );
}

function DailyTable({ report: r }: { report: DailyReport }) {
  const { t } = useTranslation('backOffice');
  const columns = ['deposits', 'withdrawals', 'cashOuts', 'corrections', 'net', 'first', 'last', 'approvals'];
  return (
    <table className="bo-table bo-daily__table" aria-labelledby="bo-daily-title">
      <thead>
        <tr>
          <th scope="col">{t('daily.device')}</th>
          {columns.map((c) => (
            <th scope="col" key={c}>
              {t(`daily.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {r.devices.map((d) => (
          <tr key={d.device_id}>
            <th scope="row" data-label={t('daily.device')}>
              {d.name} <span className="bo-muted">#{d.device_id}</span>
            </th>
            <FigureCells figures={d} report={r} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" data-label={t('daily.device')}>
            {t('daily.total')}
          </th>
          <FigureCells figures={r.total} report={r} />
        </tr>
      </tfoot>
    </table>
  );
}

function FigureCells({ figures: f, report }: { figures: DailyFigures; report: DailyReport }) {
  const { t } = useTranslation('backOffice');
  const currency = report.currency;
  const counted = (label: string, count: number, cents: number) => (
    <td data-label={t(`daily.${label}`)}>
      {count} · <Money cents={cents} currency={currency} />
    </td>
  );
  const at = (trx: string | null, when: string | null) =>
    trx && when ? (
      <>
        <code>{trx}</code> <span className="bo-muted">{venueTime(when, report.time_zone).slice(11)}</span>
      </>
    ) : (
      '–'
    );
  return (
    <>
      {counted('deposits', f.deposits, f.deposit_total)}
      {counted('withdrawals', f.withdrawals, f.withdrawal_total)}
      {counted('cashOuts', f.cash_outs, f.cash_out_total)}
      {counted('corrections', f.corrections, f.correction_total)}
      <td data-label={t('daily.net')}>
        <Money cents={f.net} currency={currency} />
      </td>
      <td data-label={t('daily.first')}>{at(f.first_trx, f.first_at)}</td>
      <td data-label={t('daily.last')}>{at(f.last_trx, f.last_at)}</td>
      <td data-label={t('daily.approvals')}>
        <Approvals figures={f} />
      </td>
    </>
  );
}

/**
 * Four eyes as a sum that closes: what was waiting and what was asked = every outcome + what is still
 * waiting at the end; then how many of the approved the ledger refused. The carried lines only where
 * they are not nought, the outcomes always.
 */
function Approvals({ figures: f }: { figures: DailyFigures }) {
  const { t } = useTranslation('backOffice');
  const asked =
    f.approvals_waiting_at_start > 0
      ? t('daily.approvalsCarried', {
          waiting: f.approvals_waiting_at_start,
          requested: f.approvals_requested,
        })
      : t('daily.approvalsAsked', { requested: f.approvals_requested });
  return (
    <ul className="bo-changes">
      <li>{asked}</li>
      <li>
        {t('daily.approvalsOutcomes', {
          approved: f.approvals_approved,
          declined: f.approvals_declined,
          withdrawn: f.approvals_withdrawn,
          expired: f.approvals_expired,
        })}
      </li>
      {f.approvals_waiting_at_end > 0 && (
        <li>{t('daily.approvalsWaiting', { count: f.approvals_waiting_at_end })}</li>
      )}
      {f.approvals_failed > 0 && (
        <li className="bo-muted">{t('daily.approvalsFailed', { count: f.approvals_failed })}</li>
      )}
    </ul>
  );
}
