// Said when a report reached the server's row cap: its rows and figures then cover only the newest
// REPORT_MAX_ROWS operations of the period, and the cashier should choose a shorter one.
import { REPORT_MAX_ROWS } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';

export function ReportCapNotice({ rows }: { rows: number }) {
  const { t } = useTranslation('report');
  if (rows < REPORT_MAX_ROWS) return null;
  return (
    <p className="report-cap-notice" role="note">
      {t('capReached', { rows: REPORT_MAX_ROWS })}
    </p>
  );
}
