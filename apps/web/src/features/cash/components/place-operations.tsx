// The place's last operations by every cashier of the venue (the first PLACE_HISTORY_SHOWN of the
// PLACE_HISTORY_FETCH fetched), other cashiers' rows marked. A manager's correction reads as one, naming
// the operation it reverses, not as another cashier's withdraw or deposit.
import { CorrectionNote } from '../../../components/ui/correction-note';
import { PLACE_HISTORY_SHOWN, formatCents } from '@cashdesk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastPlaceOperationsQuery } from '../api/cash-api';
import { formatShortDate } from '../../../lib/date-time';

export interface PlaceOperationsProps {
  deviceId: number;
  place: number;
  /** The signed-in cashier, to tell their rows from other cashiers'. */
  userId: number | undefined;
}

export function PlaceOperations({ deviceId, place, userId }: PlaceOperationsProps) {
  const { t } = useTranslation('cash');
  const headingId = useId();
  const { data, isLoading, isError } = useLastPlaceOperationsQuery({ deviceId, place });
  const rows = (data ?? []).slice(0, PLACE_HISTORY_SHOWN);

  let body;
  if (isLoading) body = <p role="status">{t('history.loading')}</p>;
  else if (isError) body = <p role="alert">{t('history.error')}</p>;
  else if (rows.length === 0) body = <p>{t('history.empty')}</p>;
  else
    body = (
      <table className="cash-history__table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('history.time')}</th>
            <th scope="col">{t('history.type')}</th>
            <th scope="col" className="cash-history__sum">
              {t('history.sum')}
            </th>
            <th scope="col">{t('history.cashier')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const deposit = row.data.total_in > 0;
            const correction = row.corrects !== undefined;
            // A correction is a manager's (docs/product.md section 13), never a colleague's cash call.
            const foreign = !correction && userId !== undefined && row.user_idx !== userId;
            return (
              <tr key={row.trx} className={foreign ? 'cash-history__row--foreign' : undefined}>
                <td>{formatShortDate(row.created_at)}</td>
                <td>
                  {correction ? t('history.correction') : t(deposit ? 'history.deposit' : 'history.withdraw')}
                  <CorrectionNote entry={row} />
                </td>
                <td className={`cash-history__sum cash-history__sum--${deposit ? 'in' : 'out'}`}>
                  {deposit ? '+' : '−'}
                  {formatCents(deposit ? row.data.total_in : row.data.total_out)}
                </td>
                <td>
                  {row.user_name}
                  {foreign && <span className="cash-history__foreign"> {t('history.otherCashier')}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );

  return (
    <section className="cash-history" aria-labelledby={headingId}>
      <h3 id={headingId} className="cash-history__title">
        {t('history.title')}
      </h3>
      {body}
    </section>
  );
}
