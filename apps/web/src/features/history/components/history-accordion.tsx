// The history on phones (docs/product.md section 2: an accordion): each operation folds to device, amount and date,
// and opens to its device id, player, transaction id and type.
import { CorrectionNote } from '../../../components/ui/correction-note';
import type { ReportEntry } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/date-time';
import { shortenDeviceName } from '../../../lib/shorten-device-name';
import { operationType } from '../lib/history-rows';
import { OperationAmount } from './operation-amount';
import { TransactionId } from './transaction-id';

export function HistoryAccordion({ rows, caption }: { rows: readonly ReportEntry[]; caption: string }) {
  const { t } = useTranslation('history');
  return (
    <ul className="history-accordion" aria-label={caption}>
      {rows.map((row) => (
        <li key={row.trx}>
          <details className="history-accordion__item">
            <summary className="history-accordion__summary">
              <span className="history-accordion__device">{shortenDeviceName(row.device_name)}</span>
              <OperationAmount entry={row} />
              <span className="history-accordion__date">{formatShortDate(row.created_at)}</span>
            </summary>
            <dl className="history-accordion__details">
              {[
                { key: 'deviceName', value: row.device_name },
                { key: 'deviceId', value: row.device_id },
                { key: 'player', value: row.place },
                { key: 'trx', value: <TransactionId trx={row.trx} narrow /> },
                {
                  key: 'type',
                  value: (
                    <>
                      {t(`type.${operationType(row)}`)}
                      <CorrectionNote entry={row} />
                    </>
                  ),
                },
              ].map(({ key, value }) => (
                <div key={key}>
                  <dt>{t(`columns.${key}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        </li>
      ))}
    </ul>
  );
}
