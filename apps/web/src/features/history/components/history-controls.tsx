// The history's controls beside the period: sort (newest or oldest first), filter by device, reset the
// filters, print the report as it is filtered, and export it as CSV.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceOption, HistoryFilters, SortOrder } from '../lib/history-rows';

export interface HistoryControlsProps {
  filters: HistoryFilters;
  devices: readonly DeviceOption[];
  onChange: (filters: HistoryFilters) => void;
  onReset: () => void;
  canReset: boolean;
  onPrint: () => void;
  onExport: () => void;
  /** False while there is nothing listed to export. */
  canExport: boolean;
}

const SORT_ORDERS: readonly SortOrder[] = ['newest', 'oldest'];

export function HistoryControls({
  filters,
  devices,
  onChange,
  onReset,
  canReset,
  onPrint,
  onExport,
  canExport,
}: HistoryControlsProps) {
  const { t } = useTranslation('history');
  const sortId = useId();
  const deviceId = useId();
  return (
    <div className="history-controls">
      <div className="history-controls__field">
        <label htmlFor={sortId}>{t('sort.label')}</label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as SortOrder })}
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {t(`sort.${order}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="history-controls__field">
        <label htmlFor={deviceId}>{t('device.label')}</label>
        <select
          id={deviceId}
          value={filters.deviceId ?? ''}
          onChange={(event) =>
            onChange({ ...filters, deviceId: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{t('device.all')}</option>
          {devices.map((device) => (
            <option key={device.id} value={device.id}>
              {t('device.option', { name: device.name, id: device.id })}
            </option>
          ))}
        </select>
      </div>
      <div className="history-controls__actions">
        <button type="button" onClick={onReset} disabled={!canReset}>
          {t('resetFilters')}
        </button>
        <button type="button" onClick={onPrint}>
          {t('print.button')}
        </button>
        <button type="button" onClick={onExport} disabled={!canExport}>
          {t('export.button')}
        </button>
      </div>
    </div>
  );
}
