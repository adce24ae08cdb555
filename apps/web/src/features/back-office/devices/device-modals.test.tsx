// Unlinking a device: the server refuses while a place holds player money, and the dialog says so in
// words a manager can act on, staying open.
import { DEVICE_TYPE, ERR, type Device } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { UnlinkDeviceModal } from './device-modals';

addBackOfficeCatalogues(i18n);
afterEach(() => vi.unstubAllGlobals());

const DEVICE: Device = {
  id: 7,
  uuid: 'AAAAAAAAAAAAAAAAAAAAAA==',
  name: 'Window cabinet',
  game_id: 1,
  module: 1,
  hidden: false,
  type: DEVICE_TYPE.regular,
  created_at: '2026-11-22T10:00:00.000Z',
  players: 4,
  payment: 12_00,
  status: 'ready',
  summary: { deposit_24h: 0, withdraw_24h: 0, delta_24h: 0, last_deposit: null, last_withdraw: null },
};

describe('unlink device dialog', () => {
  it('sends the reason, and says why a device with player money stays linked', async () => {
    const bodies: unknown[] = [];
    stubApi({
      'POST /api/v1/a/manager/account/3/devices/7/unlink': ({ body }) => {
        bodies.push(body);
        return { status: 422, body: { err: ERR.deviceHasMoney } };
      },
    });
    const onClose = vi.fn();
    const actor = userEvent.setup();
    renderWithProviders(<UnlinkDeviceModal accountId={3} device={DEVICE} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Unlink Window cabinet' });
    await actor.type(screen.getByLabelText('Reason (optional)'), 'broken screen');
    await actor.click(screen.getByRole('button', { name: 'Unlink the device' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'A place of this device still holds player money: cash it out first',
    );
    expect(bodies).toEqual([{ reason: 'broken screen' }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);
  });
});
