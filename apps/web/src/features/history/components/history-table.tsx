// The history as a table (tablets, wide screens and paper): device name, device id, player, transaction
// id, amount, type, date (DD.MM HH:mm local).
import { CorrectionNote } from '../../../components/ui/correction-note';
import type { ReportEntry } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/date-time';
import { shortenDeviceName } from '../../../lib/shorten-device-name';
import { operationType } from '../lib/history-rows';
import { OperationAmount } from './operation-amount';
import { TransactionId } from './transaction-id';

export function HistoryTable({ rows, caption }: { rows: readonly ReportEntry[]; caption: string }) {
  const { t } = useTranslation('history');
  return (
    <table className="device-table history-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.deviceName')}</th>
          <th scope="col" className="devices-num">
            {t('columns.deviceId')}
          </th>
          <th scope="col" className="devices-num">
            {t('columns.player')}
          </th>
          <th scope="col">{t('columns.trx')}</th>
          <th scope="col" className="devices-num">
            {t('columns.amount')}
          </th>
          <th scope="col">{t('columns.type')}</th>
          <th scope="col">{t('columns.date')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.trx}>
            <td title={row.device_name}>{shortenDeviceName(row.device_name)}</td>
            <td className="devices-num">{row.device_id}</td>
            <td className="devices-num">{row.place}</td>
            <td>
              <TransactionId trx={row.trx} />
            </td>
            <td className="devices-num">
              <OperationAmount entry={row} />
            </td>
            <td>
              {t(`type.${operationType(row)}`)}
              <CorrectionNote entry={row} />
            </td>
            <td>{formatShortDate(row.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
