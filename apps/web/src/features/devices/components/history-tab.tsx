// The History tab: a chosen place's last operations by every cashier of the venue (limit report, 20
// fetched, 16 newest shown); rows by other cashiers are marked. A manager's correction reads as one,
// naming the operation it reverses, not as another cashier's withdraw or deposit.
import { CorrectionNote } from '../../../components/ui/correction-note';
import { formatCents, PLACE_HISTORY_SHOWN, type DeviceDetail, type ReportEntry } from '@cashdesk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/auth-api';
import { useLastPlaceOperationsQuery } from '../../cash';
import { formatShortDate } from '../../../lib/date-time';
import { usePollInterval } from '../../live-updates';

export function HistoryTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('devices');
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const place = chosen ?? device.places[0]?.place ?? null;

  if (place === null) return <p className="devices-empty">{t('players.none')}</p>;
  return (
    <div className="device-history">
      <div className="device-history__filter">
        <label htmlFor={selectId}>{t('history.place')}</label>
        <select id={selectId} value={place} onChange={(e) => setChosen(Number(e.target.value))}>
          {device.places.map((p) => (
            <option key={p.place} value={p.place}>
              {t('players.player', { place: p.place })}
            </option>
          ))}
        </select>
      </div>
      <PlaceOperations deviceId={device.id} place={place} />
    </div>
  );
}

function PlaceOperations({ deviceId, place }: { deviceId: number; place: number }) {
  const { t } = useTranslation('devices');
  const me = useMe();
  const { data, isLoading, isError } = useLastPlaceOperationsQuery(
    { deviceId, place },
    { pollingInterval: usePollInterval() },
  );
  if (isLoading) return <p className="devices-empty">{t('common:loading')}</p>;
  if (isError && !data) return <p className="devices-empty">{t('history.failed')}</p>;
  const rows = (data ?? []).slice(0, PLACE_HISTORY_SHOWN);
  if (rows.length === 0) return <p className="devices-empty">{t('history.empty')}</p>;
  return (
    <table className="devices-data-table">
      <caption className="visually-hidden">{t('history.caption', { place })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.date')}</th>
          <th scope="col">{t('history.type')}</th>
          <th scope="col" className="devices-num">
            {t('history.amount')}
          </th>
          <th scope="col">{t('history.cashier')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((entry) => (
          <OperationRow
            key={entry.trx}
            entry={entry}
            // A correction is a manager's (docs/product.md section 13), never a colleague's cash call.
            foreign={entry.corrects === undefined && me !== undefined && entry.user_idx !== me.id}
          />
        ))}
      </tbody>
    </table>
  );
}

function OperationRow({ entry, foreign }: { entry: ReportEntry; foreign: boolean }) {
  const { t } = useTranslation('devices');
  const deposit = entry.data.total_in > 0;
  const amount = deposit ? entry.data.total_in : entry.data.total_out;
  return (
    <tr className={foreign ? 'devices-row--foreign' : undefined}>
      <td>{formatShortDate(entry.created_at)}</td>
      <td>
        {entry.corrects !== undefined
          ? t('history.correction')
          : t(deposit ? 'history.deposit' : 'history.withdraw')}
        <CorrectionNote entry={entry} />
      </td>
      <td className={deposit ? 'devices-num devices-amount--credit' : 'devices-num devices-amount--debit'}>
        {deposit ? '+' : '−'}
        {formatCents(amount)}
      </td>
      <td>
        {entry.user_name}
        {foreign && <span className="devices-muted"> ({t('history.otherCashier')})</span>}
      </td>
    </tr>
  );
}
