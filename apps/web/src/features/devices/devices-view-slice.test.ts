import { describe, expect, it } from 'vitest';
import { sessionExpired } from '../../api/session-events';
import {
  deviceSelected,
  devicesViewSlice,
  remoteConnected,
  selectRemotePin,
  viewReset,
} from './devices-view-slice';

const reduce = devicesViewSlice.reducer;

describe('devicesView slice', () => {
  it('keeps the PIN of the connected remote device only', () => {
    const state = reduce(undefined, remoteConnected({ deviceId: 8, pin: '123456' }));
    expect(state.selected).toEqual({ id: 8, type: 1 });
    expect(selectRemotePin({ devicesView: state }, 8)).toBe('123456');
    expect(selectRemotePin({ devicesView: state }, 9)).toBeNull();
  });

  it.each([
    ['choosing a regular device', deviceSelected(3)],
    ['a reset', viewReset()],
    ['the session ending', sessionExpired({ url: '/a/me' })],
  ])('forgets the PIN on %s', (_what, action) => {
    const connected = reduce(undefined, remoteConnected({ deviceId: 8, pin: '123456' }));
    expect(reduce(connected, action).remote).toBeNull();
  });
});
