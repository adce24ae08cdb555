// The player as the till reads their card (contract `PlayerAtTill`): who (name, or the card alone), whether
// they are excluded and until when (then no deposit can be given), today's cash in and cash out, what is
// left of their daily limit (and a raise waiting out the cooling-off), and the seats holding their money
// with the total.
import type { Device, PlayerAtTill } from '@cashdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { formatMoney } from '../../../lib/money';

export interface PlayerSummaryProps {
  player: PlayerAtTill;
  /** The venue's devices, for the seats' names. */
  devices: readonly Device[];
  currency: string | undefined;
}

export function PlayerSummary({ player, devices, currency }: PlayerSummaryProps) {
  const { t } = useTranslation('players');
  const money = (cents: number) => formatMoney(cents, currency);
  const total = player.seats.reduce((sum, seat) => sum + seat.entries, 0);
  const raise = player.limit_raise ?? null;

  return (
    <section className="player-summary" aria-label={t('summary.label')}>
      <h3 className="player-summary__who">{player.name ?? t('card', { card: player.card })}</h3>
      <dl className="player-summary__identity">
        <div>
          <dt>{t('summary.card')}</dt>
          <dd>{player.card}</dd>
        </div>
        <div>
          <dt>{t('summary.document')}</dt>
          <dd>
            {player.document_number
              ? [player.document_kind && documentKind(t, player.document_kind), player.document_number]
                  .filter(Boolean)
                  .join(' ')
              : t('summary.notRecorded')}
          </dd>
        </div>
      </dl>

      {player.excluded && (
        <p className="player-summary__excluded" role="alert">
          <strong>
            {player.excluded_until
              ? t('summary.excludedUntil', { until: player.excluded_until })
              : t('summary.excludedIndefinitely')}
          </strong>{' '}
          {t('summary.noDeposit')}
        </p>
      )}

      <dl className="player-summary__figures">
        <div>
          <dt>{t('summary.cashIn')}</dt>
          <dd>{money(player.today.cash_in)}</dd>
        </div>
        <div>
          <dt>{t('summary.cashOut')}</dt>
          <dd>{money(player.today.cash_out)}</dd>
        </div>
        <div>
          <dt>{t('summary.limitLeft')}</dt>
          <dd>{player.limit_left === null ? t('summary.noLimit') : money(player.limit_left)}</dd>
        </div>
        <div>
          <dt>{t('summary.dailyLimit')}</dt>
          <dd>
            {player.daily_limit === null ? t('summary.venueLimit') : money(player.daily_limit)}
            {raise && (
              <span className="player-summary__raise">
                {raise.daily_limit === null
                  ? t('summary.raiseToVenue', { at: formatDateTime(raise.at) })
                  : t('summary.raise', { amount: money(raise.daily_limit), at: formatDateTime(raise.at) })}
              </span>
            )}
          </dd>
        </div>
      </dl>

      <h4 className="player-summary__seats-title">{t('summary.seats')}</h4>
      {player.seats.length === 0 ? (
        <p className="player-summary__no-seats">{t('summary.noSeats')}</p>
      ) : (
        <table className="player-summary__seats">
          <thead>
            <tr>
              <th scope="col">{t('summary.seat')}</th>
              <th scope="col">{t('summary.entries')}</th>
            </tr>
          </thead>
          <tbody>
            {player.seats.map((seat) => (
              <tr key={`${seat.device_id}:${seat.place}`}>
                <td>{seatName(t, devices, seat)}</td>
                <td>{money(seat.entries)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('summary.total')}</th>
              <td>{money(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

/** A seat as the cashier finds it on the floor: the device's name and id, and the player number. */
export function seatName(
  t: TFunction,
  devices: readonly Device[],
  seat: { device_id: number; place: number },
): string {
  const device = devices.find((d) => d.id === seat.device_id);
  const where = { id: seat.device_id, place: seat.place };
  // A device the list does not hold (hidden, or the list not loaded yet) is named by its id alone.
  return device ? t('summary.seatName', { device: device.name, ...where }) : t('summary.seatById', where);
}

/** A document kind the till offers, translated; another (typed elsewhere) as it is. */
export function documentKind(t: TFunction, kind: string): string {
  return t(`identity.kinds.${kind}`, { defaultValue: kind });
}
