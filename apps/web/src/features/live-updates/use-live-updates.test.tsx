// The live-updates stream of the signed-in frame: what each message refetches, the polls beside it, and
// which messages tell the till of a change of the approvals (four eyes).
import { POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fake-event-source';
import { makeStore } from '../../test/render';
import { calledRoutes, stubApi, type FetchMock } from '../../test/stub-api';
import { makeDevice } from '../../test/fixtures';
import { patchDeviceRows, useDeviceQuery, useDevicesQuery } from '../devices';
import { useFloatQuery } from '../float';
import { changeTags, LIVE_EVENTS_URL, readChange, useLiveUpdates } from './use-live-updates';
import { usePollInterval } from './use-poll-interval';

const FLOAT = 'GET /api/v1/a/cashier/account_balance';
const DEVICE_7 = 'GET /api/v1/a/cashier/devices/7';
const DEVICE_8 = 'GET /api/v1/a/cashier/devices/8';
const LIST = 'GET /api/v1/a/cashier/devices';

function setUp() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  const { fetchMock } = stubApi({
    [FLOAT]: { body: { balance: 100 } },
    [DEVICE_7]: { body: { id: 7 } },
    [DEVICE_8]: { body: { id: 8 } },
    // 9 and 10: rows of the list whose detail is not open (an open one copies its detail into its row).
    [LIST]: { body: [makeDevice({ id: 9, payment: 100 }), makeDevice({ id: 10, payment: 50 })] },
  });
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const screen = renderHook(
    () => {
      useLiveUpdates(patchDeviceRows);
      useFloatQuery();
      useDeviceQuery(7);
      useDeviceQuery(8);
      useDevicesQuery();
      return usePollInterval();
    },
    { wrapper },
  );
  return { fetchMock, screen, store };
}

const countOf = (fetchMock: FetchMock, route: string) =>
  calledRoutes(fetchMock).filter((called) => called === route).length;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveUpdates (server push beside polling)', () => {
  it('opens the venue stream with the session cookie and polls at 5 s until the server says hello', async () => {
    const { screen, fetchMock } = setUp();
    expect(FakeEventSource.opened.map((s) => [s.url, s.init?.withCredentials])).toEqual([
      [LIVE_EVENTS_URL, true],
    ]);
    expect(screen.result.current).toBe(POLL_INTERVAL_MS);
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(1));

    FakeEventSource.opened[0]!.emit('hello', '{"hash":"abc"}');
    expect(screen.result.current).toBe(POLL_WITH_PUSH_MS);
    // The hello may follow changes this terminal missed: what it shows is fetched again.
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(2));
    await waitFor(() => expect(countOf(fetchMock, DEVICE_7)).toBe(2));
  });

  it('refetches only what a change names: the float, and the devices listed', async () => {
    const { fetchMock } = setUp();
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    await waitFor(() => expect(countOf(fetchMock, DEVICE_8)).toBe(2));

    source.emit('change', '{"float":false,"devices":[7]}');
    await waitFor(() => expect(countOf(fetchMock, DEVICE_7)).toBe(3));
    source.emit('change', '{"float":true,"devices":[]}');
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(3));
    expect(countOf(fetchMock, DEVICE_8)).toBe(2);
  });

  it("refetches the venue's device list once per change naming devices, however many, and on the hello", async () => {
    const { fetchMock } = setUp();
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(1));
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(2));

    // A deposit at another till, a rename and game play on two devices: one list call, not one per device.
    source.emit('change', '{"float":true,"devices":[7,8,12]}');
    await waitFor(() => expect(countOf(fetchMock, DEVICE_8)).toBe(3));
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(3));
    // A float-only change (a back-office top-up) leaves the list alone.
    source.emit('change', '{"float":true,"devices":[]}');
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(4));
    expect(countOf(fetchMock, LIST)).toBe(3);
  });

  it("puts a cabinet's new payment from game play into its list row, asking for neither list nor totals", async () => {
    const { fetchMock, store } = setUp();
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(1));
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(2));
    // What the device list's table reads.
    const table = renderHook(() => useDevicesQuery().data, {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    const payments = () => table.result.current?.map((d) => [d.id, d.payment]);
    await waitFor(() =>
      expect(payments()).toEqual([
        [9, 100],
        [10, 50],
      ]),
    );

    source.emit('change', '{"float":false,"devices":[9],"played":[9],"payments":[{"id":9,"payment":140}]}');
    expect(payments()).toEqual([
      [9, 140],
      [10, 50],
    ]);
    // An open detail of a device that played still asks (its seats' balances), by its own tag.
    source.emit('change', '{"float":false,"devices":[7],"played":[7],"payments":[{"id":7,"payment":1}]}');
    await waitFor(() => expect(countOf(fetchMock, DEVICE_7)).toBe(3));
    // A home-play phone's play: named, told as played, but not in the list; nothing to ask for either.
    source.emit('change', '{"float":false,"devices":[31],"played":[31]}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(countOf(fetchMock, LIST)).toBe(2);
    expect(payments()).toEqual([
      [9, 140],
      [10, 50],
    ]);
  });

  it('asks for the list when a message names a device for more than its play, payments or not', async () => {
    const { fetchMock } = setUp();
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(1));
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(2));
    // 7 played; 8 had a deposit (its 24-hour figures moved): one list call for the message.
    source.emit('change', '{"float":true,"devices":[7,8],"played":[7],"payments":[{"id":7,"payment":140}]}');
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(3));
    // A server that says nothing of play (or a message whose `played` cannot be read): the list, as before.
    source.emit('change', '{"float":false,"devices":[7],"played":"7"}');
    await waitFor(() => expect(countOf(fetchMock, LIST)).toBe(4));
  });

  it('maps a change to the tags it makes stale', () => {
    expect(changeTags({ float: false, devices: [] })).toEqual([]);
    expect(changeTags({ float: true, devices: [] })).toEqual(['Float']);
    expect(changeTags({ float: false, devices: [3, 4] })).toEqual([
      'Devices',
      { type: 'Device', id: 3 },
      { type: 'Device', id: 4 },
    ]);
    // The cashier's restrictions changed: who they are is asked again (and nothing else).
    expect(changeTags({ float: false, devices: [], me: true })).toEqual(['Me']);
    // Game play alone: each device's detail, never the list (nor the daily totals, under the same tag).
    expect(changeTags({ float: false, devices: [3, 4], played: [3, 4] })).toEqual([
      { type: 'Device', id: 3 },
      { type: 'Device', id: 4 },
    ]);
    expect(changeTags({ float: false, devices: [3, 4], played: [3] })).toEqual([
      'Devices',
      { type: 'Device', id: 3 },
      { type: 'Device', id: 4 },
    ]);
  });

  it('goes back to 5 s polling when the stream fails, and reopens a refused stream after one poll period', () => {
    vi.useFakeTimers();
    const { screen } = setUp();
    const first = FakeEventSource.opened[0]!;
    first.emit('hello', '{"hash":"abc"}');
    expect(screen.result.current).toBe(POLL_WITH_PUSH_MS);

    first.readyState = FakeEventSource.CLOSED; // e.g. 423: the till was locked in another tab
    first.emit('error');
    expect(screen.result.current).toBe(POLL_INTERVAL_MS);
    act(() => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('asks for the float at once when the server ends the stream (it does when the session ends)', async () => {
    const { fetchMock } = setUp();
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(2));
    source.readyState = FakeEventSource.CONNECTING; // the browser will retry by itself
    source.emit('error');
    await waitFor(() => expect(countOf(fetchMock, FLOAT)).toBe(3));
  });

  it('leaves a stream refused before its hello to the polls: no extra float call at each retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchMock } = setUp();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(countOf(fetchMock, FLOAT)).toBe(1); // the screen's own fetch
    for (let retry = 0; retry < 3; retry++) {
      const refused = FakeEventSource.opened.at(-1)!;
      refused.readyState = FakeEventSource.CLOSED; // e.g. a proxy answering 502
      act(() => refused.emit('error'));
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    }
    // The stream was tried again after each poll period; the float is left to the screen's 5 s polls
    // (not in this hook), instead of a second call at every refusal.
    expect(FakeEventSource.opened).toHaveLength(4);
    expect(countOf(fetchMock, FLOAT)).toBe(1);
  });

  it('closes the stream when the screen goes away', () => {
    const { screen, store } = setUp();
    FakeEventSource.opened[0]!.emit('hello', '{"hash":"abc"}');
    screen.unmount();
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
    expect(store.getState().liveUpdates.connected).toBe(false);
  });

  it('keeps the devices of a change of the approvals, and of no other change', async () => {
    const { store } = setUp();
    const source = FakeEventSource.opened[0]!;
    source.emit('hello', '{"hash":"abc"}');
    for (let second = 0; second < 20; second++) source.emit('change', '{"float":false,"devices":[7,8]}');
    expect(store.getState().liveUpdates.lastApprovals).toBeNull();
    source.emit('change', '{"float":false,"devices":[7],"approvals":true}');
    expect(store.getState().liveUpdates.lastApprovals).toEqual({ seq: 1, devices: [7] });
    source.emit('change', '{"float":false,"devices":[7],"approvals":true}');
    expect(store.getState().liveUpdates.lastApprovals).toEqual({ seq: 2, devices: [7] });
  });

  it('ignores a change it cannot read', () => {
    expect(readChange('{"float":true,"devices":[1,2]}')).toEqual({ float: true, devices: [1, 2] });
    expect(readChange('{"float":"yes","devices":[]}')).toBeNull();
    expect(readChange('{"float":true,"devices":["1"]}')).toBeNull();
    expect(readChange('not json')).toBeNull();
    expect(readChange('{"float":false,"devices":[],"me":true}')).toEqual({
      float: false,
      devices: [],
      me: true,
    });
    expect(readChange('{"float":false,"devices":[7],"approvals":true}')).toEqual({
      float: false,
      devices: [7],
      approvals: true,
    });
    expect(readChange('{"float":false,"devices":[7],"approvals":"yes"}')).toEqual({
      float: false,
      devices: [7],
    });
    const played = { float: false, devices: [7], played: [7] };
    expect(
      readChange('{"float":false,"devices":[7],"played":[7],"payments":[{"id":7,"payment":5}]}'),
    ).toEqual({
      ...played,
      payments: [{ id: 7, payment: 5 }],
    });
    // Payments it cannot read are left out (the list's row waits for its poll); a `played` likewise.
    expect(
      readChange('{"float":false,"devices":[7],"played":[7],"payments":[{"id":7,"payment":"5"}]}'),
    ).toEqual(played);
    expect(readChange('{"float":false,"devices":[7],"played":[7],"payments":[null]}')).toEqual(played);
    expect(readChange('{"float":false,"devices":[7],"played":[1.5]}')).toEqual({
      float: false,
      devices: [7],
    });
  });
});
