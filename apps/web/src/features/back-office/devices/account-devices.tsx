// The account's devices, hidden cabinets and home-play phones included: rename or hide one, or unlink it
// (refused while a place still holds player money).
import { DEVICE_TYPE, normalizeModule, type Account, type Device } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoDevicesQuery } from '../shared/back-office-api';
import { EditDeviceModal, UnlinkDeviceModal } from './device-modals';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { RowActions, RowActionsHead } from '../shared/row-actions';

type Open = { kind: 'edit' | 'unlink'; device: Device } | null;

export function AccountDevices({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const devices = useBoDevicesQuery(account.id);
  const [open, setOpen] = useState<Open>(null);
  const game = (d: Device) => t(`devices.module.${normalizeModule(d.module)}`);

  return (
    <section className="bo-section" aria-labelledby="bo-devices-title">
      <h2 id="bo-devices-title">{t('account.section.devices')}</h2>
      <QueryState query={devices}>
        {(list) =>
          list.length === 0 ? (
            <p className="bo-muted">{t('devices.none')}</p>
          ) : (
            <table className="bo-table" aria-labelledby="bo-devices-title">
              <thead>
                <tr>
                  <th scope="col">{t('devices.id')}</th>
                  <th scope="col">{t('devices.name')}</th>
                  <th scope="col">{t('devices.kind')}</th>
                  <th scope="col">{t('devices.players')}</th>
                  <th scope="col">{t('devices.payment')}</th>
                  <th scope="col">{t('devices.visibility')}</th>
                  <RowActionsHead label={t('devices.actions')} />
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr key={d.id}>
                    <td data-label={t('devices.id')}>{d.id}</td>
                    <th scope="row" data-label={t('devices.name')}>
                      {d.name}
                    </th>
                    <td data-label={t('devices.kind')}>
                      {d.type === DEVICE_TYPE.remote ? t('devices.remote') : game(d)}
                      {d.status === 'registering' ? ` (${t('devices.registering')})` : ''}
                    </td>
                    <td data-label={t('devices.players')}>{d.players}</td>
                    <td data-label={t('devices.payment')}>
                      <Money cents={d.payment} currency={account.currency} />
                    </td>
                    <td data-label={t('devices.visibility')}>
                      {d.hidden ? t('devices.hidden') : t('devices.visible')}
                    </td>
                    <RowActions
                      actions={[
                        {
                          text: t('devices.edit'),
                          label: t('devices.editLabel', { name: d.name }),
                          onOpen: () => setOpen({ kind: 'edit', device: d }),
                        },
                        {
                          text: t('devices.unlink'),
                          label: t('devices.unlinkLabel', { name: d.name }),
                          onOpen: () => setOpen({ kind: 'unlink', device: d }),
                        },
                      ]}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      {open?.kind === 'edit' && (
        <EditDeviceModal accountId={account.id} device={open.device} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'unlink' && (
        <UnlinkDeviceModal accountId={account.id} device={open.device} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
