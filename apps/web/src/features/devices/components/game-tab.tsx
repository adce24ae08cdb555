// The Game tab of a remote device: its game report, newest first, with credits and withdrawals told
// apart and lucky bets left out (docs/product.md section 4).
import { formatCents } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { useGameReportQuery } from '../api/devices-api';
import { formatShortDate } from '../../../lib/date-time';
import { gameEventDisplay, signedAmount } from '../lib/game-event-display';
import { usePollInterval } from '../../live-updates';

export function GameTab({ deviceId, pin }: { deviceId: number; pin: string }) {
  const { t } = useTranslation('devices');
  const { data, isLoading, isError } = useGameReportQuery(
    { device_id: deviceId, pin },
    { pollingInterval: usePollInterval() },
  );
  if (isLoading) return <p className="devices-empty">{t('common:loading')}</p>;
  if (isError && !data) return <p className="devices-empty">{t('game.failed')}</p>;
  const rows = (data ?? []).flatMap((event) => {
    const display = gameEventDisplay(event.type);
    return display ? [{ event, display }] : [];
  });
  if (rows.length === 0) return <p className="devices-empty">{t('game.empty')}</p>;
  return (
    // The frame's width picks the layout (devices.css: a card per row where five columns do not fit).
    <div className="devices-game">
      <table className="devices-data-table devices-game__table">
        <caption className="visually-hidden">{t('tabs.game')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('game.player')}</th>
            <th scope="col">{t('history.type')}</th>
            <th scope="col" className="devices-num">
              {t('history.amount')}
            </th>
            <th scope="col" className="devices-num">
              {t('game.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ event, display }, index) => (
            <tr key={`${event.created_at}-${index}`}>
              <td className="devices-game__date">{formatShortDate(event.created_at)}</td>
              {/* data-label: the card layout names these figures inline. */}
              <td className="devices-game__player" data-label={t('game.player')}>
                {event.place}
              </td>
              <td className="devices-game__type">{t(`game.types.${display.labelKey}`)}</td>
              <td
                className={
                  display.direction === 'credit'
                    ? 'devices-num devices-game__amount devices-amount--credit'
                    : 'devices-num devices-game__amount devices-amount--debit'
                }
              >
                {signedAmount(display.direction, formatCents(event.delta))}
              </td>
              <td className="devices-num devices-game__balance" data-label={t('game.balance')}>
                {formatCents(event.balance)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
