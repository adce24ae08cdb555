// The devices screen (/devices): Visible/Hidden lists with counts, Add device and Remote devices, the
// 24-hour totals and the device table; on screens >= 768 px a side panel shows the chosen device, below
// that a row opens /devices/:id. Three minutes without activity reset the screen (docs/product.md section 4),
// and forget the player the till served. Player card reads a player's card (features/players).
import { DEVICE_TYPE, type Device } from '@cashdesk/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isFirstLoad, REFETCH_ON_OPEN_OLDER_THAN_S } from '../../api/base-api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useFloatQuery } from '../float';
import { usePollInterval } from '../live-updates';
import { PlayerCardModal, playerDismissed, selectTillPlayer, TillPlayerBar } from '../players';
import { useDevicesQuery } from './api/devices-api';
import type { BlockLevel } from './components/block-modal';
import { DailyTotals } from './components/daily-totals';
import {
  AddDeviceModal,
  BlockModal,
  DeviceDetailView,
  EditDeviceModal,
  DEVICE_PARTS,
  RemoteDeviceModal,
} from './components/deferred-parts';
import { DeviceTable } from './components/device-table';
import { preloadWhenIdle } from '../../components/ui/deferred-part';
import { VisibilityToggle, type Visibility } from './components/visibility-toggle';
import {
  deviceSelected,
  remoteConnected,
  selectRemotePin,
  selectSelectedDevice,
  viewReset,
  type RemoteConnection,
} from './devices-view-slice';
import { useInactivityReset } from '../../hooks/use-inactivity-reset';
import { useHasRestriction } from './hooks/use-restrictions';
import { useWideScreen } from '../../hooks/use-media-query';
import './devices.css';

type OpenModal =
  | { kind: 'add' }
  | { kind: 'remote' }
  | { kind: 'block'; level: BlockLevel }
  | { kind: 'edit'; device: Device }
  /** The player card: a card to show (the served player's), or null to read one. */
  | { kind: 'player'; card: string | null }
  | null;

const NO_DEVICES: readonly Device[] = [];

export function DevicesPage() {
  const { t } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const wide = useWideScreen();
  const has = useHasRestriction();
  const canEdit = has('can_edit_device');
  const [visibility, setVisibility] = useState<Visibility>('visible');
  const [modal, setModal] = useState<OpenModal>(null);
  const selected = useAppSelector(selectSelectedDevice);
  const remotePin = useAppSelector((s) => (selected ? selectRemotePin(s, selected.id) : null));
  const servingPlayer = useAppSelector((s) => selectTillPlayer(s) !== null);
  const { data: float } = useFloatQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  // The screen follows the venue: fetched afresh when it opens, polled like the float (5 s, 15 s while the
  // live-updates stream is open) and refetched on every pushed change naming a device (features/live-updates).
  // A refetch keeps the rows on screen until the new ones arrive: `isLoading` is the first load only, and
  // unchanged rows keep their identity, so no flash, no lost scroll and the selection (by id) stays.
  // Only what the screen shows is read, so a refetch that brings the same rows re-renders nothing.
  const {
    data: devices,
    isLoading,
    isError,
    refetch,
  } = useDevicesQuery(undefined, {
    refetchOnMountOrArgChange: REFETCH_ON_OPEN_OLDER_THAN_S,
    pollingInterval: usePollInterval(),
    selectFromResult: (result) => ({
      data: result.data,
      isLoading: isFirstLoad(result),
      isError: result.isError,
    }),
  });

  useEffect(() => preloadWhenIdle([...DEVICE_PARTS, PlayerCardModal, TillPlayerBar]), []);

  const reset = useCallback(() => {
    dispatch(viewReset());
    setModal(null);
  }, [dispatch]);
  // The next person at the till is not the player served three minutes ago.
  const resetAfterInactivity = useCallback(() => {
    reset();
    dispatch(playerDismissed());
  }, [reset, dispatch]);
  useInactivityReset(resetAfterInactivity);
  const showPlayer = useCallback((card: string) => setModal({ kind: 'player', card }), []);
  const closeModal = useCallback(() => setModal(null), []);
  const leaveDevice = useCallback(() => dispatch(viewReset()), [dispatch]);

  const shown: Visibility = canEdit ? visibility : 'visible';
  const all = devices ?? NO_DEVICES;
  const counts = {
    visible: all.filter((d) => !d.hidden).length,
    hidden: all.filter((d) => d.hidden).length,
  };
  // The table (memo) re-renders only when its rows or the selection change, not with the screen's other
  // state (a modal, the float, the poll period), which matters in a venue of a hundred cabinets.
  const listed = useMemo(() => all.filter((d) => d.hidden === (shown === 'hidden')), [all, shown]);
  const openDevice = useCallback(
    (device: Device) => {
      if (wide) dispatch(deviceSelected(device.id));
      else void navigate(`/devices/${device.id}`);
    },
    [wide, dispatch, navigate],
  );
  const editDevice = useCallback((device: Device) => setModal({ kind: 'edit', device }), []);

  function openRemoteDevices() {
    if (float?.is_hard_block_home_play) setModal({ kind: 'block', level: 'hard' });
    else if (float?.is_light_block_home_play) setModal({ kind: 'block', level: 'light' });
    else setModal({ kind: 'remote' });
  }

  function onRemoteConnected(connection: RemoteConnection) {
    dispatch(remoteConnected(connection));
    setModal(null);
    if (!wide) void navigate(`/devices/${connection.deviceId}?type=${DEVICE_TYPE.remote}`);
  }

  return (
    <div className={wide ? 'devices-page devices-page--wide' : 'devices-page'}>
      <section className="devices-page__list" aria-labelledby="devices-heading">
        <header className="devices-toolbar">
          <h1 id="devices-heading" className="devices-toolbar__title">
            {t('title')}
          </h1>
          <VisibilityToggle value={shown} counts={counts} canSeeHidden={canEdit} onChange={setVisibility} />
          <div className="devices-toolbar__actions">
            <button type="button" onClick={() => setModal({ kind: 'player', card: null })}>
              {t('players:open')}
            </button>
            {has('can_register_new_device') && (
              <button type="button" className="button--primary" onClick={() => setModal({ kind: 'add' })}>
                {t('add.open')}
              </button>
            )}
            {float?.home_play && (
              <button type="button" onClick={openRemoteDevices}>
                {t('remote.open')}
              </button>
            )}
          </div>
        </header>

        {servingPlayer && <TillPlayerBar onShow={showPlayer} />}

        {!has('disable_daily_total') && <DailyTotals />}

        {isLoading ? (
          <p className="devices-empty" role="status">
            {t('common:loading')}
          </p>
        ) : isError && !devices ? (
          <div className="devices-empty" role="alert">
            <p>{t('listFailed')}</p>
            <button type="button" onClick={() => void refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : listed.length === 0 ? (
          <p className="devices-empty">{t(shown === 'hidden' ? 'empty.noHidden' : 'empty.inProgress')}</p>
        ) : (
          <div className="devices-page__table">
            <DeviceTable
              devices={listed}
              selectedId={wide && selected?.type === DEVICE_TYPE.regular ? selected.id : null}
              canEdit={canEdit}
              onOpen={openDevice}
              onEdit={editDevice}
            />
          </div>
        )}
      </section>

      {wide && (
        <aside className="devices-page__panel" aria-label={t('detail.label')}>
          {selected ? (
            <DeviceDetailView
              key={`${selected.type}:${selected.id}`}
              id={selected.id}
              type={selected.type}
              pin={selected.type === DEVICE_TYPE.remote ? remotePin : null}
              layout="panel"
              onExit={leaveDevice}
            />
          ) : (
            <p className="devices-empty">{t('empty.select')}</p>
          )}
        </aside>
      )}

      {modal?.kind === 'add' && <AddDeviceModal onClose={closeModal} />}
      {modal?.kind === 'remote' && (
        <RemoteDeviceModal onClose={closeModal} onConnected={onRemoteConnected} onReset={reset} />
      )}
      {modal?.kind === 'block' && (
        <BlockModal
          level={modal.level}
          // A light block still lets the cashier withdraw on a phone: the PIN modal follows.
          onClose={modal.level === 'light' ? () => setModal({ kind: 'remote' }) : closeModal}
        />
      )}
      {modal?.kind === 'edit' && <EditDeviceModal device={modal.device} onClose={closeModal} />}
      {modal?.kind === 'player' && <PlayerCardModal devices={all} card={modal.card} onClose={closeModal} />}
    </div>
  );
}
