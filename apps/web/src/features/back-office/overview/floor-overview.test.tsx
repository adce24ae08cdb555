// The manager's overview as a manager reads it: the figures of the venue's gaming day with its hours on
// the venue's clock, the devices and cashiers, the alerts in the manager's language with their count on
// the menu and their acknowledgement, what waits for the manager (counted on the folded Menu too), the
// live refetch on a pushed change, and opt-in browser notifications of a new alert.
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
import { floorApi } from './floor-api';
import { NOTIFY_STORAGE_KEY } from './alert-notifications';

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

const HOUR = 3_600_000;
// The venue's gaming day in Madrid from 06:00 (05:00Z in winter): its hour 0 is 06:00-07:00 there.
const DAY_START = Date.parse('2026-11-28T05:00:00.000Z');
const GAMING_DAY: FloorOverview['gaming_day'] = {
  day: '2026-11-28',
  from: new Date(DAY_START).toISOString(),
  to: new Date(DAY_START + 24 * HOUR).toISOString(),
  time_zone: 'Europe/Madrid',
  day_starts_at: 6,
};

const hours = (at: Record<number, [number, number]>, startMs = DAY_START) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    from: new Date(startMs + hour * HOUR).toISOString(),
    deposits: at[hour]?.[0] ?? 0,
    withdrawals: at[hour]?.[1] ?? 0,
  }));

const ALERT: FloorAlert = {
  id: 5,
  kind: 'withdrawals_hour',
  started_at: '2026-11-28T14:05:00.000Z',
  subject: 'account:1',
  details: 'withdrawals 2500.00 in the last hour, above 2000.00',
  acked: null,
  currency: 'EUR',
  facts: { kind: 'withdrawals_hour', withdrawals: 2500_00, above: 2000_00 },
};
const ALERT_TEXT = 'Withdrawals in the last hour: 2500.00 EUR, above 2000.00 EUR.';

const overview = (over: Partial<FloorOverview> = {}): FloorOverview => ({
  account_id: 1,
  currency: 'EUR',
  float: 1_000_00,
  overdraft_headroom: 500_00,
  today: { deposits: 300_00, withdrawals: 120_50, net: 179_50 },
  gaming_day: GAMING_DAY,
  today_by_hour: hours({ 9: [300_00, 0], 14: [0, 120_50] }),
  yesterday_by_hour: hours({ 10: [80_00, 20_00] }, DAY_START - 24 * HOUR),
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
    const cash = await within(page).findByRole('region', { name: 'Cash today' });
    // Nothing open, nothing waiting: those sections are not shown at all.
    expect(within(page).queryByRole('region', { name: /^Alerts/ })).toBeNull();
    expect(within(page).queryByRole('region', { name: /^Waiting for you/ })).toBeNull();

    // Today is the venue's gaming day, on its clock.
    expect(
      within(cash).getByText(
        'Gaming day 2026-11-28: from 2026-11-28 06:00 to 2026-11-29 06:00 (Europe/Madrid)',
      ),
    ).toBeTruthy();
    const figure = (term: string) => within(cash).getByText(term).nextElementSibling?.textContent;
    expect(figure('Float')).toBe('1000.00 EUR');
    expect(figure('Overdraft left')).toBe('500.00 EUR');
    expect(figure('Deposits today')).toBe('300.00 EUR');
    expect(figure('Withdrawals today')).toBe('120.50 EUR');
    expect(figure('Net today')).toBe('179.50 EUR');
    expect(
      within(cash).getByRole('img', {
        name: 'Deposits by hour: today 300.00 EUR, yesterday 80.00 EUR',
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
    const cash = await region('Cash today');
    await actor.click(within(cash).getByRole('radio', { name: 'Net' }));
    expect(
      within(cash).getByRole('img', { name: 'Net by hour: today 179.50 EUR, yesterday 60.00 EUR' }),
    ).toBeTruthy();
    await actor.click(within(cash).getByRole('button', { name: 'Show as a table' }));
    const table = within(cash).getByRole('table', { name: 'Net by hour' });
    expect(within(table).getByText('Hour (Europe/Madrid)')).toBeTruthy();
    // The gaming day's first hour is 06:00 in Madrid; its 15th, 20:00.
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows[0]!.querySelector('th')?.textContent).toBe('06:00–07:00');
    const at20 = rows[14]!;
    expect(at20.querySelector('th')?.textContent).toBe('20:00–21:00');
    expect([...at20.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['0.00', '-120.50']);
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
    expect(within(alerts).getByText(ALERT_TEXT)).toBeTruthy();
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
    const cash = await region('Cash today');
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
    const cash = await region('Cash today');
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
    await waitFor(() => expect(shown).toEqual([{ title: 'Many withdrawals this hour', body: ALERT_TEXT }]));
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

  it("words each alert from its facts in the manager's language: money with its currency, the device by its name now", async () => {
    const silent: FloorAlert = {
      ...ALERT,
      id: 6,
      kind: 'device_silent',
      subject: 'device:9',
      details: 'Till 9: no report since 2026-11-28T12:00:00.000Z (silent after 10 minutes)',
      facts: {
        kind: 'device_silent',
        device_id: 9,
        device_name: 'Corner cabinet',
        last_seen_at: '2026-11-28T12:00:00.000Z',
        silent_minutes: 10,
      },
    };
    const short: FloorAlert = {
      ...ALERT,
      id: 7,
      kind: 'shift_difference',
      subject: 'shift:40',
      details: 'Tina closed 35.00 short, above 20.00',
      facts: {
        kind: 'shift_difference',
        shift_id: 40,
        cashier_id: 4,
        cashier: 'Tina Till',
        closed_at: '2026-11-28T13:00:00.000Z',
        difference: -35_00,
      },
    };
    const low: FloorAlert = {
      ...ALERT,
      id: 8,
      kind: 'float_low',
      facts: { kind: 'float_low', float: 320_00, below: 500_00 },
    };
    // Raised before the facts existed: the server's words are all there is.
    const old: FloorAlert = {
      ...ALERT,
      id: 9,
      kind: 'float_low',
      details: 'float 1.00 below 2.00',
      facts: null,
    };
    const structuring = (id: number, facts: Extract<FloorAlert['facts'], { kind: 'structuring' }>) => ({
      ...ALERT,
      id,
      kind: 'structuring' as const,
      subject: `player:${facts.player_id}`,
      details: `player ${facts.player_id}: ...`,
      facts,
    });
    const nearLog = structuring(10, {
      kind: 'structuring',
      player_id: 7,
      card: 'CARD-7',
      name: 'Ana Lima',
      side: 'cash_in',
      rule: 'log',
      transactions: 2,
      total: 5_800_00,
      threshold: 3_000_00,
    });
    const nearReport = structuring(11, {
      kind: 'structuring',
      player_id: 8,
      card: 'CARD-8',
      name: null,
      side: 'cash_out',
      rule: 'report',
      transactions: 2,
      total: 9_500_00,
      threshold: 10_000_00,
    });
    const all = [ALERT, silent, short, low, old, nearLog, nearReport];
    const routes = {
      'GET /api/v1/a/manager/account/1/overview': { body: overview({ alerts: all }) },
      'GET /api/v1/a/manager/account/1/alerts': { body: all },
    };
    const local = (iso: string) => {
      const d = new Date(iso);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    };
    const { unmount } = renderOverview(routes);
    const alerts = await region('Alerts: 7');
    for (const text of [
      ALERT_TEXT,
      `Corner cabinet: no report since ${local('2026-11-28T12:00:00.000Z')} (silent after 10 min).`,
      `Tina Till closed a shift 35.00 EUR short at ${local('2026-11-28T13:00:00.000Z')}.`,
      'The float is 320.00 EUR, below 500.00 EUR.',
      'float 1.00 below 2.00',
      'CARD-7 (Ana Lima): 2 cash-ins today, each just under the log threshold of 3000.00 EUR.',
      'CARD-8: cash out today 9500.00 EUR in 2 transactions, just under the report threshold of 10000.00 EUR.',
    ]) {
      expect(within(alerts).getByText(text)).toBeTruthy();
    }
    expect(within(alerts).queryByText(/Till 9/)).toBeNull();
    expect(within(alerts).getAllByText('Cash split under a threshold')).toHaveLength(2);
    unmount();

    await act(() => i18n.changeLanguage('pt'));
    try {
      renderOverview(routes);
      const emPortugues = await region('Alertas: 7');
      expect(
        within(emPortugues).getByText('Saques na última hora: 2500.00 EUR, acima de 2000.00 EUR.'),
      ).toBeTruthy();
      expect(
        within(emPortugues).getByText(
          `Tina Till fechou um turno com 35.00 EUR a menos às ${local('2026-11-28T13:00:00.000Z')}.`,
        ),
      ).toBeTruthy();
      expect(
        within(emPortugues).getByText(
          'CARD-7 (Ana Lima): 2 entradas de dinheiro hoje, cada uma logo abaixo do limite de registro de 3000.00 EUR.',
        ),
      ).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('counts the payouts waiting for the manager on the folded Menu button, beside the open alerts', async () => {
    // A phone: the console's sections fold behind Menu below 1024 px.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 1023px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderOverview({
      'GET /api/v1/a/manager/account/1/overview': { body: overview({ alerts: [ALERT] }) },
      'GET /api/v1/a/manager/account/1/alerts': { body: [ALERT] },
      'GET /api/v1/a/manager/account/1/approvals': { body: [PENDING, { ...PENDING, id: 'ap-2' }] },
    });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await waitFor(() =>
      expect(menu.getAttribute('aria-describedby')).toBe('bo-open-alerts bo-waiting-payouts'),
    );
    expect(document.getElementById('bo-waiting-payouts')?.textContent).toBe('2 payouts waiting for approval');
    expect(menu.textContent).toBe('Menu12');
  });

  it('offers no notifications where the browser has none', async () => {
    vi.stubGlobal('Notification', undefined);
    // 'Notification' in window stays true with an undefined value: remove it for this test.
    delete (window as { Notification?: unknown }).Notification;
    renderOverview({ 'GET /api/v1/a/manager/account/1/overview': { body: overview() } });
    await region('Cash today');
    expect(screen.queryByRole('button', { name: 'Notify me of new alerts' })).toBeNull();
  });
});
