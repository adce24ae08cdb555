// The Players tab tells which place has a cash operation not confirmed yet, in that place's row only.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeDevice, makePlace } from '../../../test/cash-fixtures';
import { newOperation, PlaceUnconfirmedNotice } from '../../cash';
import { PlayersTab } from './players-tab';

const open = {
  ...newOperation({
    trx: 'trx-open',
    cashierId: 7,
    cashierName: 'Anna',
    deviceId: 12,
    deviceName: 'Rocket 12',
    deviceUuid: 'x',
    place: 3,
    kind: 'deposit' as const,
    delta: 2000,
    currency: 'EUR',
    remotePin: null,
    print: false,
  }),
  attempts: 2,
  lastAttemptAt: 1,
  problem: 'network' as const,
};

// The notice is a deferred part: loaded before the tests, as the cash modal's chunk brings it at idle.
beforeAll(async () => {
  await PlaceUnconfirmedNotice.preload();
});

describe('PlayersTab', () => {
  it("shows an unconfirmed operation in its place's row, with its amount and Check again", () => {
    const device = makeDevice([makePlace(5000, 0, 3), makePlace(100, 0, 4)]);
    renderWithProviders(<PlayersTab device={device} remotePin={null} />, {
      preloadedState: {
        unconfirmed: { cashierId: 7, operations: [open], sending: [], receipts: [], outcomes: [] },
      },
    });
    const rows = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    const [row3, row4] = rows;
    expect(row3?.textContent).toContain('Not confirmed yet');
    expect(row3?.textContent).toContain('Deposit 20.00 EUR');
    expect(row3?.textContent).toContain('New operations on this player wait until it is confirmed.');
    expect(
      within(row3!).getByRole('button', { name: 'Check again: Deposit 20.00 EUR, player 3' }),
    ).toBeTruthy();
    expect(row4?.textContent).not.toContain('Not confirmed yet');
  });

  it('shows nothing for an operation of the same place on another device', () => {
    const device = makeDevice([makePlace(5000, 0, 3)]);
    renderWithProviders(<PlayersTab device={device} remotePin={null} />, {
      preloadedState: {
        unconfirmed: {
          cashierId: 7,
          operations: [{ ...open, deviceId: 99 }],
          sending: [],
          receipts: [],
          outcomes: [],
        },
      },
    });
    expect(screen.queryByText('Not confirmed yet')).toBeNull();
  });
});
