// The Statistic modal (docs/product.md sections 2 and 4): a period (GMT offset, from/to date and time), submit, and
// that period's total delta, operations, income and outcome, with their chart by hour or day (summed
// from the report's rows, as the figures are). States idle, loading and result. The
// figures are summed from the same report, by the same function, as the history page's, so the two
// agree to the cent for the same period.
import { reportTotals } from '@cashdesk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CashFlowChart } from '../../components/ui/cash-flow-chart';
import i18n from '../../i18n/i18n';
import { addReportCatalogues } from '../../i18n/report-resources';
import { Modal } from '../../components/ui/modal';
import { cashFlow } from '../../lib/cash-flow-buckets';
import { useFloatQuery } from '../float';
import {
  useLazyCashierReportQuery,
  RangeFields,
  ReportCapNotice,
  ReportTotalsList,
  defaultRange,
  rangeProblem,
  reportBounds,
  type ReportRange,
  formatPeriod,
  offsetLabel,
  useReportDevices,
  useReportFailureToast,
} from '../report';
import './statistic-modal.css';

// Their English texts come with this chunk, in before its first render (i18n/report-resources.ts).
addReportCatalogues(i18n);

export type StatisticState = 'idle' | 'loading' | 'result';

export function StatisticModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('statistic');
  const problemId = useId();
  // "Today" is the day the modal opened on: a modal is not kept open across midnight.
  const [nowMs] = useState(() => Date.now());
  const [range, setRange] = useState<ReportRange>(() => defaultRange(nowMs));
  /** The period of the last successful submit: the result names it, not the fields being edited. */
  const [asked, setAsked] = useState<ReportRange | null>(null);
  const devices = useReportDevices();
  const [loadReport, report] = useLazyCashierReportQuery();
  const { data: float } = useFloatQuery();
  const toastFailure = useReportFailureToast();

  const state: StatisticState = report.isFetching ? 'loading' : asked && report.data ? 'result' : 'idle';
  const canSubmit =
    rangeProblem(range, nowMs) === null && devices.deviceIds !== undefined && !devices.noDevices;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !devices.deviceIds || state === 'loading') return;
    const period = range;
    // Always asked afresh (no cached answer): a statistic is about the money as it is now.
    const result = await loadReport({ device_ids: devices.deviceIds, ...reportBounds(period) }, false);
    if (result.error) {
      setAsked(null);
      toastFailure(result.error);
    } else {
      setAsked(period);
    }
  }

  const rows = report.data ?? [];
  return (
    <Modal title={t('title')} onClose={onClose} className="statistic-modal">
      <form className="statistic-modal__form" onSubmit={(event) => void submit(event)} noValidate>
        <RangeFields value={range} onChange={setRange} nowMs={nowMs} problemId={problemId} />
        {devices.noDevices && (
          <p className="statistic-modal__alert" role="alert">
            {t('errors:noDevices')}
          </p>
        )}
        {devices.isError && (
          <p className="statistic-modal__alert" role="alert">
            {t('devicesFailed')}{' '}
            <button type="button" onClick={devices.refetch}>
              {t('retry')}
            </button>
          </p>
        )}
        <button
          type="submit"
          className="button--primary statistic-modal__submit"
          disabled={!canSubmit}
          aria-disabled={state === 'loading'}
          aria-describedby={problemId}
        >
          {t('submit')}
        </button>
      </form>

      <div className="statistic-modal__outcome" aria-live="polite" aria-busy={state === 'loading'}>
        {state === 'idle' && <p className="statistic-modal__hint">{t('idle')}</p>}
        {state === 'loading' && <p role="status">{t('common:loading')}</p>}
        {state === 'result' && asked && (
          <>
            <p className="statistic-modal__period">
              {t('period', { period: formatPeriod(asked), offset: offsetLabel(asked.offset) })}
            </p>
            <ReportTotalsList
              totals={reportTotals(rows)}
              currency={rows[0]?.currency ?? float?.currency}
              label={t('result')}
            />
            <ReportCapNotice rows={rows.length} />
            {rows[0] && (
              <CashFlowChart
                flow={cashFlow(rows, reportBounds(asked))}
                currency={rows[0].currency}
                offsetLabel={offsetLabel(asked.offset)}
              />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
