// The manager's overview as a manager reads it: the figures, the devices and cashiers, the alerts with
// their count on the menu and their acknowledgement, what waits for the manager, the live refetch on a
// pushed change, and opt-in browser notifications of a new alert.
import type { Account, Approval, FloorAlert, FloorOverview, User } from '@cashdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { calledRoutes, stubApi, type FetchMock, type StubRoutes } from '../../../test/stub-api';
import BackOfficeApp from '../back-office-app';
import { floorApi } from '../api/floor-api';
import { NOTIFY_STORAGE_KEY } from '../live/alert-notifications';

addBackOfficeCatalogues(i18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ME: User = { id: 2, name: 'Mona', login: 'mona', role: 'manager', account_id: 1, restrictions: [] };
const ACCOUNT = {
  id: 1,
  name: 'Demo Venue',
  currency: 'EUR',
  balance: 1_000_00,
  has_overdraft: true,
  overdraft: 500_00,
  home_play: false,
} as unknown as Account;

const hours = (at: Record<number, [number, number]>) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    deposits: at[hour]?.[0] ?? 0,
    withdrawals: at[hour]?.[1] ?? 0,
  }));

const ALERT: FloorAlert = {
  id: 5,
  kind: 'withdrawals_hour',
  started_at: '2026-11-28T14:05:00.000Z',
  subject: 'account:1',
  details: 'withdrawals 2500.00 this hour, above 2000.00',
  acked: null,
};

const overview = (over: Partial<FloorOverview> = {}): FloorOverview => ({
  account_id: 1,
  currency: 'EUR',
  float: 1_000_00,
  overdraft_headroom: 500_00,
  today: { deposits: 300_00, withdrawals: 120_50, net: 179_50 },
  today_by_hour: hours({ 9: [300_00, 0], 14: [0, 120_50] }),
  yesterday_by_hour: hours({ 10: [80_00, 20_00] }),
  devices: {
    ready: 3,
    registering: 1,
    silent: [{ id: 9, name: 'Corner cabinet', last_seen_at: '2026-11-28T12:00:00.000Z' }],
  },
  cashiers: [
    {
      user_id: 4,
      name: 'Tina Till',
      shift_id: 40,
      opened_at: '2026-11-28T08:00:00.000Z',
      running_total: 179_50,
    },
  ],
  alerts: [],
  ...over,
});

const PENDING: Approval = {
  id: 'ap-1',
  trx: 't-1',
  device_id: 12,
  place: 2,
  delta: -900_00,
  cash_out: false,
  amount: 900_00,
  cashier: 'Tina Till',
  created_at: '2026-11-28T14:10:00.000Z',
  status: 'pending',
};

function renderOverview(routes: StubRoutes, { me = ME, route = '/back-office' } = {}) {
  const stub = stubApi({
    'GET /api/v1/a/me': { body: me },
    'GET /api/v1/a/manager/account/1': { body: ACCOUNT },
    'GET /api/v1/a/manager/account/1/approvals': { body: [] },
    'GET /api/v1/a/manager/account/1/alerts': { body: [] },
    ...routes,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/back-office/*" element={<BackOfficeApp />} />
    </Routes>,
    { route },
  );
  return { ...stub, ...rendered, actor: userEvent.setup() };
}

const region = (name: string) => screen.findByRole('region', { name });

/** How many times the console asked for the venue's `tail` (its overview, its alerts). */
const called = (fetchMock: FetchMock, tail: string) =>
  calledRoutes(fetchMock).filter((route) => route === `GET /api/v1/a/manager/account/1${tail}`).length;

describe("the manager's overview", () => {
  it("is a manager's first screen: the float, today's cash by hour, the devices and the cashiers on shift", async () => {
    renderOverview({ 'GET /api/v1/a/manager/account/1/overview': { body: overview() } });
    const page = await region('Overview');
    const cash = await within(page).findByRole('region', { name: 'Cash today (UTC)' });
    // Nothing open, nothing waiting: those sections are not shown at all.
    expect(within(page).queryByRole('region', { name: /^Alerts/ })).toBeNull();
    expect(within(page).queryByRole('region', { name: /^Waiting for you/ })).toBeNull();

    const figure = (term: string) => within(cash).getByText(term).nextElementSibling?.textContent;
    expect(figure('Float')).toBe('1000.00 EUR');
    expect(figure('Overdraft left')).toBe('500.00 EUR');
    expect(figure('Deposits today')).toBe('300.00 EUR');
    expect(figure('Withdrawals today')).toBe('120.50 EUR');
    expect(figure('Net today')).toBe('179.50 EUR');
    expect(
      within(cash).getByRole('img', {
        name: 'Deposits by hour (UTC): today 300.00 EUR, yesterday 80.00 EUR',
      }),
    ).toBeTruthy();

    const devices = within(page).getByRole('region', { name: 'Devices' });
    expect(within(devices).getByText('Ready').nextElementSibling?.textContent).toBe('3');
    expect(within(devices).getByText('Registering').nextElementSibling?.textContent).toBe('1');
    const silent = within(devices).getByRole('list', { name: 'Silent devices' });
    expect(within(silent).getByRole('listitem').textContent).toMatch(
      /^Corner cabinet last report 2026-11-28 /,
    );

    const cashiers = within(page).getByRole('table', { name: 'Cashiers on shift: 1' });
    const row = within(cashiers).getByRole('row', { name: /Tina Till/ });
    expect(within(row).getByText('179.50 EUR')).toBeTruthy();
  });

  it('switches the chart to the withdrawals or the net, and shows the same figures as a table', async () => {
    const { actor } = renderOverview({ 'GET /api/v1/a/manager/account/1/overview': { body: overview() } });
    const cash = await region('Cash today (UTC)');
    await actor.click(within(cash).getByRole('radio', { name: 'Net' }));
    expect(
      within(cash).getByRole('img', { name: 'Net by hour (UTC): today 179.50 EUR, yesterday 60.00 EUR' }),
    ).toBeTruthy();
    await actor.click(within(cash).getByRole('button', { name: 'Show as a table' }));
    const table = within(cash).getByRole('table', { name: 'Net by hour (UTC)' });
    const at14 = within(table).getByRole('row', { name: /^14:00–15:00/ });
    expect(
      within(at14)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.00', '-120.50']);
  });

  it('lists what waits for the manager and links to the approvals page', async () => {
    renderOverview({
      'GET /api/v1/a/manager/account/1/overview': { body: overview() },
      'GET /api/v1/a/manager/account/1/approvals': ({ path }) =>
        path.endsWith('/approvals') ? { body: [PENDING] } : { status: 404 },
    });
    const waiting = await region('Waiting for you: 1');
    expect(within(waiting).getByRole('listitem').textContent).toMatch(
      /^Tina Till: withdrawal, place 2 of device 12, 900.00 EUR/,
    );
    expect(within(waiting).getByRole('link', { name: 'Open the approvals' }).getAttribute('href')).toBe(
      '/back-office/accounts/1/approvals',
    );
  });

  it('shows the open alerts and their count on the menu; acknowledging one says who, and the count drops', async () => {
    let acked = false;
    const ackedAlert = { ...ALERT, acked: { by: 'Mona', at: '2026-11-28T14:06:00.000Z' } };
    const { actor, callsTo } = renderOverview({
      'GET /api/v1/a/manager/account/1/overview': () => ({
        body: overview({ alerts: [acked ? ackedAlert : ALERT] }),
      }),
      'GET /api/v1/a/manager/account/1/alerts': () => ({ body: [acked ? ackedAlert : ALERT] }),
      'POST /api/v1/a/manager/account/1/alerts/5/ack': () => {
        acked = true;
        return { body: { id: 5, acked_at: ackedAlert.acked.at } };
      },
    });
    const alerts = await region('Alerts: 1');
    expect(within(alerts).getByText('Many withdrawals this hour')).toBeTruthy();
    expect(within(alerts).getByText(ALERT.details)).toBeTruthy();
    const menuLink = screen.getByRole('link', { name: 'My venue' });
    await waitFor(() => expect(menuLink.getAttribute('aria-describedby')).toBe('bo-open-alerts'));
    expect(document.getElementById('bo-open-alerts')?.textContent).toBe('Open alerts: 1');
    expect(menuLink.textContent).toBe('My venue1');

    await actor.click(
      within(alerts).getByRole('button', { name: 'Acknowledge: Many withdrawals this hour' }),
    );
    expect(callsTo('POST /api/v1/a/manager/account/1/alerts/5/ack')).toHaveLength(1);
    await within(alerts).findByText(/^Acknowledged by Mona at 2026-11-28 /);
    expect(within(alerts).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    await waitFor(() => expect(menuLink.getAttribute('aria-describedby')).toBeNull());
    expect(menuLink.textContent).toBe('My venue');
  });

  it('refetches at once when the venue stream tells of a change', async () => {
    const streams: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      static CLOSED = 2;
      readyState = 1;
      constructor(readonly url: string) {
        super();
        streams.push(this);
      }
      close() {
        this.readyState = 2;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    let float = 1_000_00;
    renderOverview({ 'GET /api/v1/a/manager/account/1/overview': () => ({ body: overview({ float }) }) });
    const cash = await region('Cash today (UTC)');
    expect(streams.map((s) => s.url)).toEqual(['/api/v1/a/manager/account/1/events']);
    act(() => void streams[0]!.dispatchEvent(new Event('hello')));
    await screen.findByText('Live: changes show as they happen.');

    float = 950_00;
    act(
      () =>
        void streams[0]!.dispatchEvent(new MessageEvent('change', { data: '{"float":true,"devices":[]}' })),
    );
    await within(cash).findByText('950.00 EUR');
  });

  it('leaves the overview alone on game play alone, and refetches on any other change of a device', async () => {
    const streams: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      static CLOSED = 2;
      readyState = 1;
      constructor(readonly url: string) {
        super();
        streams.push(this);
      }
      close() {
        this.readyState = 2;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    let float = 1_000_00;
    const { fetchMock } = renderOverview({
      'GET /api/v1/a/manager/account/1/overview': () => ({ body: overview({ float }) }),
    });
    const cash = await region('Cash today (UTC)');
    act(() => void streams[0]!.dispatchEvent(new Event('hello')));
    await screen.findByText('Live: changes show as they happen.');
    await waitFor(() => expect(called(fetchMock, '/overview')).toBe(2));
    const calls = fetchMock.mock.calls.length;
    const tell = (data: string) =>
      act(() => void streams[0]!.dispatchEvent(new MessageEvent('change', { data })));

    // Cabinets playing, every second: the floor's figures are cash moves, so nothing is asked.
    float = 950_00;
    tell('{"float":false,"devices":[12,13],"played":[12,13]}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(within(cash).queryByText('950.00 EUR')).toBeNull();

    // One of them renamed in the same second: the overview, alerts, approvals and account are asked again.
    tell('{"float":false,"devices":[12,13],"played":[13]}');
    await within(cash).findByText('950.00 EUR');
    expect(called(fetchMock, '/alerts')).toBe(3);
  });

  it('notifies of a newly raised alert once the manager turns notifications on', async () => {
    const shown: { title: string; body: string | undefined }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted' as const;
      });
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const { actor, store } = renderOverview({
      'GET /api/v1/a/manager/account/1/overview': { body: overview() },
      'GET /api/v1/a/manager/account/1/alerts': [{ body: [] }, { body: [ALERT] }],
    });
    const toggle = await screen.findByRole('button', { name: 'Notify me of new alerts' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await actor.click(toggle);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(localStorage.getItem(NOTIFY_STORAGE_KEY)).toBe('on');
    expect(shown).toEqual([]);

    act(() => void store.dispatch(floorApi.util.invalidateTags(['BoAlerts'])));
    await waitFor(() =>
      expect(shown).toEqual([{ title: 'Many withdrawals this hour', body: ALERT.details }]),
    );
  });

  it("opens on the overview of the venue an admin picks, with that venue's alert count on Accounts", async () => {
    const admin: User = {
      id: 1,
      name: 'Ada',
      login: 'ada',
      role: 'admin',
      account_id: null,
      restrictions: [],
    };
    const { callsTo } = renderOverview(
      {
        'GET /api/v1/a/manager/account/1/overview': { body: overview({ alerts: [ALERT] }) },
        'GET /api/v1/a/manager/account/1/alerts': { body: [ALERT] },
      },
      { me: admin, route: '/back-office/accounts/1' },
    );
    await region('Alerts: 1');
    const accounts = screen.getByRole('link', { name: 'Accounts' });
    await waitFor(() => expect(accounts.getAttribute('aria-describedby')).toBe('bo-open-alerts'));
    expect(document.getElementById('bo-open-alerts')?.textContent).toBe('Open alerts: 1');
    expect(callsTo('GET /api/v1/a/manager/account/1/overview').length).toBeGreaterThan(0);
  });

  it('offers no notifications where the browser has none', async () => {
    vi.stubGlobal('Notification', undefined);
    // 'Notification' in window stays true with an undefined value: remove it for this test.
    delete (window as { Notification?: unknown }).Notification;
    renderOverview({ 'GET /api/v1/a/manager/account/1/overview': { body: overview() } });
    await region('Cash today (UTC)');
    expect(screen.queryByRole('button', { name: 'Notify me of new alerts' })).toBeNull();
  });
});
