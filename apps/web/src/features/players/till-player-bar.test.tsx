// The served player above the devices, and how the till forgets them: Done with player, a sign-out, the
// end of the session. The next customer is never served as the last one.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionExpired } from '../../api/session-events';
import { makeFloat } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { stubApi } from '../../test/stub-api';
import { signedOut } from '../session';
import { TillPlayerBar } from './till-player-bar';
import { playerServed, type TillPlayer } from './till-player-slice';

const MARIA: TillPlayer = {
  id: 41,
  card: 'A-1234',
  name: 'Maria Silva',
  excluded: false,
  excluded_until: null,
  limit_left: 150_00,
};

function setup(player: TillPlayer | null) {
  stubApi({ 'GET /api/v1/a/cashier/account_balance': { body: makeFloat({ currency: 'EUR' }) } });
  const onShow = vi.fn();
  const view = renderWithProviders(<TillPlayerBar onShow={onShow} />);
  if (player) view.store.dispatch(playerServed(player));
  return { ...view, onShow, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('the served player', () => {
  it('is named with what was left of their limit, shows their card again, and is let go with Done', async () => {
    const { store, onShow, user } = setup(MARIA);
    const bar = await screen.findByRole('region', { name: 'Player served at this till' });
    expect(bar.textContent).toContain('Serving Maria Silva');
    await screen.findByText("150.00 EUR left of today's limit");
    await user.click(screen.getByRole('button', { name: 'Show card' }));
    expect(onShow).toHaveBeenCalledWith('A-1234');
    await user.click(screen.getByRole('button', { name: 'Done with player' }));
    expect(store.getState().tillPlayer.served).toBeNull();
    expect(screen.queryByRole('region', { name: 'Player served at this till' })).toBeNull();
  });

  it('says an excluded player gets no deposit, and names a player without a name by their card', async () => {
    setup({ ...MARIA, name: null, excluded: true, excluded_until: null });
    await screen.findByText('Serving card A-1234');
    expect(screen.getByText('Excluded: no deposit')).toBeTruthy();
  });

  it('is forgotten when the cashier signs out or the session ends', () => {
    const { store } = setup(MARIA);
    store.dispatch(signedOut());
    expect(store.getState().tillPlayer.served).toBeNull();
    store.dispatch(playerServed(MARIA));
    store.dispatch(sessionExpired({ url: '/a/me' }));
    expect(store.getState().tillPlayer.served).toBeNull();
  });
});
