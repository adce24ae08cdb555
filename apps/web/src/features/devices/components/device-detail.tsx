// One device, regular or remote, polled (usePollInterval) while shown: header with Back, its 24-hour
// summary (the sums hidden by disable_daily_total), and the tabs Players, History and (remote only)
// Game. Used by the side panel (>= 768 px) and by the /devices/:id page. A 406 returns to the list; for a remote device any refusal (PIN changed, hard
// block) shows its toast and resets the view, and a missing PIN resets it at once.
import { DEVICE_TYPE, type DeviceDetail, type DeviceType } from '@cashdesk/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { deferredPart } from '../../../components/ui/deferred-part';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { useAppDispatch } from '../../../store/hooks';
import { CopyButton } from '../../../components/ui/copy-button';
import { toastShown } from '../../../store/toasts-slice';
import { useDeviceQuery, useRemoteDeviceQuery } from '../api/devices-api';
import { shortenDeviceName } from '../../../lib/shorten-device-name';
import { DeviceSummary } from './device-summary';
import type * as Game from './game-tab';
import type * as History from './history-tab';
import { PlayersTab } from './players-tab';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { usePollInterval } from '../../live-updates';
import { useHasRestriction } from '../hooks/use-restrictions';
import i18n from '../../../i18n/i18n';
import deviceDetailTexts from '../../../i18n/locales/en/device-detail.json';
import { addPartTexts } from '../../../i18n/part-resources';

// Its English texts (and its tabs') come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'devices', deviceDetailTexts);

// The History and Game tabs, chunks of their own: the Players tab is the one a device opens on, the
// others wait for a click (the devices screen's first load).
const HistoryTab = deferredPart<ComponentProps<typeof History.HistoryTab>>(() =>
  import('./history-tab').then((module) => module.HistoryTab),
);
const GameTab = deferredPart<ComponentProps<typeof Game.GameTab>>(() =>
  import('./game-tab').then((module) => module.GameTab),
);

export interface DeviceDetailViewProps {
  id: number;
  type: DeviceType;
  /** The stored PIN of a remote device; null for a regular one (or a remote one whose PIN is gone). */
  pin: string | null;
  /** 'page' is the small-screen route: a page heading and the mobile name shortening. */
  layout: 'panel' | 'page';
  /** Back, a 406 or a lost PIN: leave the device. */
  onExit: () => void;
}

type TabKey = 'players' | 'history' | 'game';

function useDeviceDetail(id: number, type: DeviceType, pin: string | null) {
  const options = { pollingInterval: usePollInterval() };
  const regular = useDeviceQuery(type === DEVICE_TYPE.regular ? id : skipToken, options);
  const remote = useRemoteDeviceQuery(type === DEVICE_TYPE.remote && pin ? { id, pin } : skipToken, options);
  return type === DEVICE_TYPE.remote ? remote : regular;
}

export function DeviceDetailView({ id, type, pin, layout, onExit }: DeviceDetailViewProps) {
  const { t } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const isRemote = type === DEVICE_TYPE.remote;
  const { data: device, error, isLoading } = useDeviceDetail(id, type, pin);

  useEffect(() => {
    if (isRemote && !pin) onExit();
  }, [isRemote, pin, onExit]);

  useEffect(() => {
    if (!error) return;
    const failure = apiFailure(error);
    if (
      isRemote &&
      typeof failure.status === 'number' &&
      (failure.status === 406 || failure.status === 403)
    ) {
      dispatch(toastShown(errorToast(failure, 'remote')));
      onExit();
    } else if (failure.status === 406) {
      onExit();
    }
  }, [error, isRemote, dispatch, onExit]);

  if (!device) {
    return (
      <section className="device-detail device-detail--empty">
        <BackButton onClick={onExit} />
        <p className="devices-empty" role={isLoading ? 'status' : 'alert'}>
          {isLoading || !error ? t('common:loading') : t('detail.failed')}
        </p>
      </section>
    );
  }
  return (
    <DeviceDetailContent device={device} pin={pin} layout={layout} onExit={onExit} stale={Boolean(error)} />
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="device-detail__back" onClick={onClick}>
      <span aria-hidden="true">← </span>
      {t('back')}
    </button>
  );
}

function DeviceDetailContent({
  device,
  pin,
  layout,
  onExit,
  stale,
}: {
  device: DeviceDetail;
  pin: string | null;
  layout: DeviceDetailViewProps['layout'];
  onExit: () => void;
  stale: boolean;
}) {
  const { t } = useTranslation('devices');
  const titleId = useId();
  const [tab, setTab] = useState<TabKey>('players');
  const isRemote = device.type === DEVICE_TYPE.remote;
  const has = useHasRestriction();
  const Heading = layout === 'page' ? 'h1' : 'h2';
  const tabs: TabItem<TabKey>[] = [
    { key: 'players', label: t('tabs.players') },
    { key: 'history', label: t('tabs.history') },
    ...(isRemote && pin ? [{ key: 'game' as const, label: t('tabs.game') }] : []),
  ];

  return (
    <section className="device-detail" aria-labelledby={titleId}>
      <header className="device-detail__header">
        <BackButton onClick={onExit} />
        <div className="device-detail__title">
          <Heading id={titleId} title={device.name}>
            {shortenDeviceName(device.name, layout === 'page' ? 'mobileHeader' : 'default')}
          </Heading>
          <span className="device-detail__id">
            {t('table.id')} {device.id}
            <CopyButton value={String(device.id)} label={t('table.deviceId')} />
          </span>
          {isRemote && <span className="device-badge">{t('detail.remote')}</span>}
        </div>
      </header>
      {stale && (
        <p className="device-detail__stale" role="status">
          {t('detail.stale')}
        </p>
      )}
      <DeviceSummary summary={device.summary} hideDailyTotals={has('disable_daily_total')} />
      <Tabs label={t('tabs.label')} tabs={tabs} current={tab} onChange={setTab}>
        {tab === 'players' && <PlayersTab device={device} remotePin={isRemote ? pin : null} />}
        {tab === 'history' && <HistoryTab device={device} />}
        {tab === 'game' && pin && <GameTab deviceId={device.id} pin={pin} />}
      </Tabs>
    </section>
  );
}
