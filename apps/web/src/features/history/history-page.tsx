// The history page (/history, docs/product.md section 2): the signed-in cashier's own deposits and withdraws over
// a period, with tabs All / Deposit / Withdraw (counts), sort, a device filter, the period's figures and
// their chart by hour or day, a table (an accordion on phones), a printable A4 report and a CSV export of
// what is shown. Escape returns to /devices.
import { reportTotals, type ReportEntry } from '@cashdesk/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth-api';
import { useNarrowScreen } from '../../hooks/use-media-query';
import { formatReceiptTime } from '../../lib/date-time';
import { CashFlowChart } from '../../components/ui/cash-flow-chart';
import i18n from '../../i18n/i18n';
import { addReportCatalogues } from '../../i18n/report-resources';
import { Tabs } from '../../components/ui/tabs';
import { cashFlow } from '../../lib/cash-flow-buckets';
import { downloadFile } from '../../lib/download-file';
import { useFloatQuery } from '../float';
import { cashierDisplayName } from '../../lib/cashier-name';
import {
  useCashierReportQuery,
  ReportCapNotice,
  ReportTotalsList,
  defaultRange,
  offsetLabel,
  reportBounds,
  type ReportRange,
  useReportDevices,
  type ReportDevices,
  useReportFailureToast,
  type ReportError,
} from '../report';
import { HistoryAccordion } from './components/history-accordion';
import { HistoryControls } from './components/history-controls';
import { HistoryTable } from './components/history-table';
import { PrintHeader } from './components/print-header';
import { RangeDropdown } from './components/range-dropdown';
import { useEscapeTo } from './hooks/use-escape-to';
import { historyCsv, historyCsvFileName } from './lib/history-csv';
import {
  countByType,
  DEFAULT_FILTERS,
  deviceOptions,
  isDefaultFilters,
  listedRows,
  ofDevice,
  TYPE_TABS,
  type HistoryFilters,
} from './lib/history-rows';
import './history-page.css';

// Their English texts come with this chunk, in before its first render (i18n/report-resources.ts).
addReportCatalogues(i18n);

export function HistoryPage() {
  const { t } = useTranslation('history');
  useEscapeTo('/devices');
  const narrow = useNarrowScreen();
  const [range, setRange] = useState<ReportRange>(() => defaultRange(Date.now()));
  const [filters, setFilters] = useState<HistoryFilters>(DEFAULT_FILTERS);
  const devices = useReportDevices();
  const me = useMe();
  const { data: float } = useFloatQuery();
  const report = useCashierReportQuery(
    devices.deviceIds && !devices.noDevices
      ? { device_ids: devices.deviceIds, ...reportBounds(range) }
      : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  useFailureToast(report.error);

  const rows = report.data ?? [];
  const options = deviceOptions(devices.devices, rows);
  // A device that is no longer among the options (a home-play device absent from a new period) is dropped.
  const shown: HistoryFilters = options.some((o) => o.id === filters.deviceId)
    ? filters
    : { ...filters, deviceId: null };
  const counts = countByType(ofDevice(rows, shown.deviceId));
  const listed = listedRows(rows, shown);
  const caption = t('caption');
  const device = options.find((o) => o.id === shown.deviceId);
  const filterText = `${t(`tabs.${shown.tab}`, { n: counts[shown.tab] })} · ${
    device ? t('device.option', { name: device.name, id: device.id }) : t('device.all')
  }`;
  // The rows on screen belong to `range` once the report for it has come (not while it is asked again).
  const current = report.currentData !== undefined && !report.isFetching;

  function exportCsv() {
    const csv = historyCsv(listed, range.offset, {
      column: (column) => (column === 'currency' ? t('export.currency') : t(`columns.${column}`)),
      type: (type) => t(`type.${type}`),
    });
    downloadFile(historyCsvFileName(range.fromDate, range.toDate), csv, 'text/csv;charset=utf-8');
  }

  return (
    <div className="history-page">
      <header className="history-toolbar">
        <h1 className="history-toolbar__title">{t('title')}</h1>
        <RangeDropdown value={range} onSave={setRange} />
        <HistoryControls
          filters={shown}
          devices={options}
          onChange={setFilters}
          onReset={() => setFilters(DEFAULT_FILTERS)}
          canReset={!isDefaultFilters(shown)}
          onPrint={() => window.print()}
          onExport={exportCsv}
          canExport={current && listed.length > 0}
        />
      </header>

      <PrintHeader
        range={range}
        cashier={`${cashierDisplayName(me?.name, t('navigation:cashierFallback'))} (${t('navigation:cashierId', { id: me?.id ?? '' })})`}
        generatedAt={
          report.fulfilledTimeStamp
            ? formatReceiptTime(new Date(report.fulfilledTimeStamp).toISOString())
            : ''
        }
        filter={filterText}
      />

      <ReportTotalsList
        totals={reportTotals(listed)}
        currency={rows[0]?.currency ?? float?.currency}
        label={t('totals')}
      />
      <ReportCapNotice rows={rows.length} />
      {current && listed[0] && (
        <CashFlowChart
          flow={cashFlow(listed, reportBounds(range))}
          currency={listed[0].currency}
          offsetLabel={offsetLabel(range.offset)}
        />
      )}

      <Tabs
        label={t('tabs.label')}
        tabs={TYPE_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`, { n: counts[tab] }) }))}
        current={shown.tab}
        onChange={(tab) => setFilters({ ...shown, tab })}
      >
        <div className="history-page__rows" aria-busy={report.isFetching}>
          <HistoryRows
            status={rowsStatus(devices, report)}
            rows={listed}
            narrow={narrow}
            caption={caption}
            onRetry={() => (devices.isError ? devices.refetch() : void report.refetch())}
          />
        </div>
      </Tabs>
    </div>
  );
}

type RowsStatus = 'loading' | 'noDevices' | 'failed' | 'ready';

function rowsStatus(
  devices: Pick<ReportDevices, 'isLoading' | 'noDevices' | 'isError'>,
  report: { isLoading: boolean; isError: boolean; data?: unknown },
): RowsStatus {
  if (devices.isLoading || report.isLoading) return 'loading';
  if (devices.noDevices) return 'noDevices';
  if (devices.isError || (report.isError && !report.data)) return 'failed';
  return 'ready';
}

interface HistoryRowsProps {
  status: RowsStatus;
  rows: readonly ReportEntry[];
  narrow: boolean;
  caption: string;
  onRetry: () => void;
}

function HistoryRows({ status, rows, narrow, caption, onRetry }: HistoryRowsProps) {
  const { t } = useTranslation('history');
  if (status === 'loading') {
    return (
      <p className="history-empty" role="status">
        {t('common:loading')}
      </p>
    );
  }
  if (status === 'noDevices') {
    return (
      <p className="history-empty" role="alert">
        {t('errors:noDevices')}
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div className="history-empty" role="alert">
        <p>{t('failed')}</p>
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (rows.length === 0) return <p className="history-empty">{t('empty')}</p>;
  if (!narrow) return <HistoryTable rows={rows} caption={caption} />;
  return (
    <>
      <HistoryAccordion rows={rows} caption={caption} />
      {/* Paper always gets the table; on a phone's screen it stays hidden (history-page.css). */}
      <div className="history-print-only" aria-hidden="true">
        <HistoryTable rows={rows} caption={caption} />
      </div>
    </>
  );
}

/** A failed report shows its toast once per failure. */
function useFailureToast(error: ReportError) {
  const toastFailure = useReportFailureToast();
  useEffect(() => {
    if (error) toastFailure(error);
  }, [error, toastFailure]);
}
