// The Players tab: one row per place with its colour, balance and final bonus, and a Manage button that
// opens the cash-manage modal of that place (the cash feature's). A place with an unconfirmed cash
// operation shows it in its row, so the cashier never takes it for a failure and repeats it. The player the
// till serves (features/players) goes with the modal: its operations are for them.
import { formatCents, type DeviceDetail, type Place } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { CashManageModal, PlaceUnconfirmedNotice } from '../../cash';
import { PlayerIdentityForm, selectTillPlayer } from '../../players';
import { ColourSwatch } from './colour-swatch';

export function PlayersTab({ device, remotePin }: { device: DeviceDetail; remotePin: string | null }) {
  const { t } = useTranslation('devices');
  // The place number, not the object: the modal always gets the latest polled balances.
  const [managing, setManaging] = useState<number | null>(null);
  const managedPlace: Place | undefined = device.places.find((p) => p.place === managing);
  const player = useAppSelector(selectTillPlayer);

  if (device.status === 'registering') {
    return (
      <p className="devices-empty" role="status">
        {t('registering')}
      </p>
    );
  }
  if (device.places.length === 0) return <p className="devices-empty">{t('players.none')}</p>;

  return (
    <>
      <ul className="device-players" aria-label={t('tabs.players')}>
        {device.places.map((place) => (
          <li key={place.place} className="device-players__row">
            <span className="device-players__who">
              <ColourSwatch place={place.place} />
              <span>
                <span className="device-players__name">{t('players.player', { place: place.place })}</span>
                {place.username && (
                  <span className="device-players__username devices-muted">{place.username}</span>
                )}
              </span>
            </span>
            <span className="device-players__money">
              <span className="device-players__balance">
                <span className="visually-hidden">{t('players.balance')} </span>
                {formatCents(place.balances.entries)}
              </span>
              <span className="device-players__bonus devices-muted">
                {t('players.bonus', { amount: formatCents(place.balances.final_bonus) })}
              </span>
            </span>
            <button
              type="button"
              className="button--primary device-players__manage"
              aria-label={t('players.manageLabel', { place: place.place })}
              onClick={() => setManaging(place.place)}
            >
              {t('players.manage')}
            </button>
            <PlaceUnconfirmedNotice
              deviceId={device.id}
              place={place.place}
              className="device-players__unconfirmed"
            />
          </li>
        ))}
      </ul>
      {managedPlace && (
        <CashManageModal
          device={device}
          place={managedPlace}
          remotePin={remotePin}
          player={player}
          IdentityForm={PlayerIdentityForm}
          onClose={() => setManaging(null)}
        />
      )}
    </>
  );
}
