// The device list (columns game, id, name, players, payment). The name is a button, so every row is
// reachable by keyboard (Enter/Space); a click anywhere else in the row opens it too.
import { formatCents, type Device } from '@cashdesk/contract';
import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { shortenDeviceName } from '../../../lib/shorten-device-name';
import { GameIcon } from './game-icon';

export interface DeviceTableProps {
  devices: readonly Device[];
  selectedId: number | null;
  canEdit: boolean;
  onOpen: (device: Device) => void;
  onEdit: (device: Device) => void;
}

/** Clicks on the row's own controls (copy, edit, the open button) are theirs, not the row's. */
function fromControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('button, a, input') !== null;
}

export const DeviceTable = memo(function DeviceTable({
  devices,
  selectedId,
  canEdit,
  onOpen,
  onEdit,
}: DeviceTableProps) {
  const { t } = useTranslation('devices');
  return (
    <table className="device-table">
      <caption className="visually-hidden">{t('table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="device-table__game">
            {t('table.game')}
          </th>
          <th scope="col">{t('table.id')}</th>
          <th scope="col">{t('table.name')}</th>
          <th scope="col" className="devices-num">
            {t('table.players')}
          </th>
          <th scope="col" className="devices-num">
            {t('table.payment')}
          </th>
        </tr>
      </thead>
      <tbody>
        {devices.map((device) => {
          const selected = device.id === selectedId;
          return (
            <tr
              key={device.id}
              className={selected ? 'device-row device-row--selected' : 'device-row'}
              onClick={(event) => {
                if (!fromControl(event)) onOpen(device);
              }}
            >
              <td className="device-table__game">
                <GameIcon module={device.module} />
              </td>
              <td className="device-table__id" data-label={t('table.id')}>
                <span className="device-row__id">
                  {device.id}
                  <CopyButton value={String(device.id)} label={t('table.deviceId')} />
                </span>
              </td>
              <td className="device-table__name">
                <span className="device-row__name">
                  <button
                    type="button"
                    className="device-row__open"
                    title={device.name}
                    aria-label={t('table.open', { name: device.name })}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onOpen(device)}
                  >
                    {shortenDeviceName(device.name)}
                  </button>
                  {device.status === 'registering' && (
                    <span className="device-badge">{t('table.registering')}</span>
                  )}
                  {canEdit && (
                    <button
                      type="button"
                      className="icon-button device-row__edit"
                      aria-label={t('table.edit', { name: device.name })}
                      onClick={() => onEdit(device)}
                    >
                      <PenIcon />
                    </button>
                  )}
                </span>
              </td>
              {/* data-label: small screens stack the row and name these figures inline. */}
              <td className="devices-num device-table__players" data-label={t('table.players')}>
                {device.players}
              </td>
              <td className="devices-num device-table__payment" data-label={t('table.payment')}>
                {formatCents(device.payment)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});

function PenIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
