// The cash report (docs/back-office.md, "The cash report"): one gaming day of the venue by its own clock,
// the log of the players' transactions above the venue's log threshold, and the players whose cash in or
// cash out of the day passed its report threshold, with their identity (the console is a manager's or an
// admin's alone). The header carries the ledger head, as the daily report's; it prints on its own (the
// daily report's print style sheet) and downloads as CSV made in the browser from the report shown, the
// file `cashdesk report:cash --csv` prints.
import {
  gamingDayBounds,
  gamingDayOf,
  type Account,
  type CashLogLine,
  type CashReport,
  type CashReportLine,
} from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download-file';
import { formatMoney } from '../../../lib/money';
import { DayField, FormAlert } from '../shared/fields';
import { documentText } from '../players';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { isDay } from '../shared/day-range';
import { useBoCashReportQuery } from './cash-report-api';
import { cashReportCsv, cashReportFileName } from './cash-report';
import { venueTime } from './daily-report';

export function CashReportView({ account }: { account: Account }) {
  const { t } = useTranslation('backOfficePlayers');
  // Today's gaming day at first: the report a manager checks while the day runs.
  const [typed, setTyped] = useState(() => gamingDayOf(Date.now(), account));
  const [day, setDay] = useState(typed);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useBoCashReportQuery({ id: account.id, day });
  // The day asked for only: a failure shows as such, never as the report of the day before.
  const report = { ...asked, data: asked.currentData };

  function show(event: FormEvent) {
    event.preventDefault();
    if (!isDay(typed) || Number.isNaN(Date.parse(`${typed}T00:00:00Z`)))
      return setProblem(t('backOffice:daily.pickDay'));
    if (gamingDayBounds(typed, account).fromMs > Date.now()) return setProblem(t('backOffice:daily.notBegun'));
    setProblem(null);
    setDay(typed);
  }

  return (
    <section className="bo-section" aria-labelledby="bo-cash-report-title">
      <h2 id="bo-cash-report-title">{t('backOffice:account.section.cashReport')}</h2>
      <form className="bo-filters bo-no-print" onSubmit={show} aria-label={t('backOffice:daily.period')}>
        <DayField label={t('backOffice:daily.day')} value={typed} onValueChange={setTyped} />
        <div className="bo-actions">
          <button type="submit" className="button--primary">
            {t('backOffice:daily.show')}
          </button>
        </div>
      </form>
      <FormAlert message={problem} />
      <QueryState query={report}>{(r) => <CashReportSheet report={r} />}</QueryState>
    </section>
  );
}

function CashReportSheet({ report: r }: { report: CashReport }) {
  const { t } = useTranslation('backOfficePlayers');
  const threshold = (cents: number | null) =>
    cents === null ? t('cashReport.off') : formatMoney(cents, r.currency);
  const csv = () => downloadFile(cashReportFileName(r), cashReportCsv(r), 'text/csv;charset=utf-8');
  return (
    <div className="bo-daily">
      <div className="bo-actions bo-no-print">
        <button type="button" onClick={() => window.print()}>
          {t('backOffice:daily.print')}
        </button>
        <button type="button" onClick={csv}>
          {t('backOffice:daily.csv')}
        </button>
      </div>
      <h3 className="bo-daily__title">{t('cashReport.heading', { venue: r.venue, day: r.day })}</h3>
      {!r.complete && <p className="bo-alert">{t('backOffice:daily.running')}</p>}
      <dl className="bo-daily__header">
        <dt>{t('backOffice:daily.window')}</dt>
        <dd>
          {t('backOffice:daily.windowText', {
            from: venueTime(r.from, r.time_zone),
            to: venueTime(r.to, r.time_zone),
            zone: r.time_zone,
          })}
        </dd>
        <dt>{t('backOffice:daily.made')}</dt>
        <dd>{t('backOffice:daily.madeText', { at: venueTime(r.made_at, r.time_zone), by: r.made_by })}</dd>
        <dt>{t('cashReport.logAbove')}</dt>
        <dd>{threshold(r.log_above)}</dd>
        <dt>{t('cashReport.reportAbove')}</dt>
        <dd>{threshold(r.report_above)}</dd>
        <dt>{t('cashReport.head')}</dt>
        <dd>
          {t('backOffice:daily.headEntries', { count: r.ledger_head.entries })} <code>{r.ledger_head.hash}</code>
        </dd>
      </dl>
      <CashLog report={r} />
      <Reports report={r} />
    </div>
  );
}

function CashLog({ report: r }: { report: CashReport }) {
  const { t } = useTranslation('backOfficePlayers');
  const title =
    r.log_above === null
      ? t('cashReport.logTitleOff')
      : t('cashReport.logTitle', { amount: formatMoney(r.log_above, r.currency) });
  return (
    <>
      <h4 id="bo-cash-log-title" className="bo-daily__title">
        {title}
      </h4>
      {r.log_above === null ? (
        <p className="bo-muted">{t('cashReport.logOff')}</p>
      ) : r.log.length === 0 ? (
        <p className="bo-muted">{t('cashReport.logEmpty')}</p>
      ) : (
        <table className="bo-table bo-daily__table" aria-labelledby="bo-cash-log-title">
          <thead>
            <tr>
              {['time', 'player', 'kind', 'amount', 'where', 'cashier', 'trx'].map((c) => (
                <th scope="col" key={c}>
                  {t(`cashReport.log.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {r.log.map((line) => (
              <LogRow key={`${line.trx}-${line.player_id}`} line={line} report={r} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function LogRow({ line, report }: { line: CashLogLine; report: CashReport }) {
  const { t } = useTranslation('backOfficePlayers');
  return (
    <tr>
      <td data-label={t('cashReport.log.time')}>{venueTime(line.at, report.time_zone)}</td>
      <th scope="row" data-label={t('cashReport.log.player')}>
        {line.card}
        {line.name !== null && <span className="bo-muted"> · {line.name}</span>}
      </th>
      <td data-label={t('cashReport.log.kind')}>{t(`cashReport.kinds.${line.kind}`)}</td>
      <td data-label={t('cashReport.log.amount')}>
        <Money cents={line.amount} currency={report.currency} />
      </td>
      <td data-label={t('cashReport.log.where')}>
        {t('cashReport.log.seat', { device: line.device_id, place: line.place })}
      </td>
      <td data-label={t('cashReport.log.cashier')}>{line.cashier ?? '–'}</td>
      <td data-label={t('cashReport.log.trx')}>
        <code>{line.trx}</code>
        {line.corrected_by !== null && (
          // Reversed by a manager before the day ended: still logged, counted in no sum of the report.
          <span className="bo-muted">
            {' '}
            · {t('backOffice:corrections.correctedBy', { trx: line.corrected_by })}
          </span>
        )}
      </td>
    </tr>
  );
}

function Reports({ report: r }: { report: CashReport }) {
  const { t } = useTranslation('backOfficePlayers');
  const title =
    r.report_above === null
      ? t('cashReport.reportsTitleOff')
      : t('cashReport.reportsTitle', { amount: formatMoney(r.report_above, r.currency) });
  return (
    <>
      <h4 id="bo-cash-reports-title" className="bo-daily__title">
        {title}
      </h4>
      {r.report_above === null ? (
        <p className="bo-muted">{t('cashReport.reportsOff')}</p>
      ) : r.reports.length === 0 ? (
        <p className="bo-muted">{t('cashReport.reportsEmpty')}</p>
      ) : (
        <table className="bo-table bo-daily__table" aria-labelledby="bo-cash-reports-title">
          <thead>
            <tr>
              {['card', 'name', 'document', 'birthDate', 'cashIn', 'cashOut', 'transactions'].map((c) => (
                <th scope="col" key={c}>
                  {t(`cashReport.reports.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {r.reports.map((line) => (
              <ReportRow key={line.player_id} line={line} currency={r.currency} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function ReportRow({ line, currency }: { line: CashReportLine; currency: string }) {
  const { t } = useTranslation('backOfficePlayers');
  const missing = <span className="bo-player__missing">{t('cashReport.reports.missing')}</span>;
  const document = documentText(line) ?? missing;
  return (
    <tr>
      <th scope="row" data-label={t('cashReport.reports.card')}>
        {line.card}
      </th>
      <td data-label={t('cashReport.reports.name')}>{line.name ?? missing}</td>
      <td data-label={t('cashReport.reports.document')}>{document}</td>
      <td data-label={t('cashReport.reports.birthDate')}>{line.birth_date ?? '–'}</td>
      <td data-label={t('cashReport.reports.cashIn')}>
        <Money cents={line.cash_in} currency={currency} />
      </td>
      <td data-label={t('cashReport.reports.cashOut')}>
        <Money cents={line.cash_out} currency={currency} />
      </td>
      <td data-label={t('cashReport.reports.transactions')}>{line.transactions}</td>
    </tr>
  );
}
