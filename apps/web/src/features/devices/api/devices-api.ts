// Cashier device calls: the list, a device's detail (regular or remote with its PIN), linking by PIN,
// editing, and a remote device's game report. (A place's last operations come from the cash feature's
// `lastPlaceOperations`, which its modal shares.)
import type {
  DailyTotals,
  Device,
  DeviceDetail,
  EditDeviceRequest,
  GameEvent,
  RegisterDeviceRequest,
} from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';
import type { AppThunk } from '../../../store/hooks';

/** The header that carries a remote device's current PIN (contract: remote detail and game report). */
export const PIN_HEADER = 'X-Device-Pin';

export interface RemoteDeviceArgs {
  id: number;
  pin: string;
}

export interface EditDeviceArgs extends EditDeviceRequest {
  id: number;
}

export interface GameReportArgs {
  device_id: number;
  pin: string;
}

export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The venue's list: polled by the devices screen and refetched on every live change naming a device
    // (features/live-updates), as one call for the whole list; but for game play alone, whose payments the
    // change carries (patchDeviceRows).
    devices: build.query<Device[], void>({
      query: () => '/a/cashier/devices',
      providesTags: ['Devices'],
    }),

    // The venue's 24-hour totals (every device, home-play phones too, which the list leaves out): with the
    // list's tag, so a pushed change naming any device (a phone's included) refetches them with it.
    dailyTotals: build.query<DailyTotals, void>({
      query: () => '/a/cashier/daily_totals',
      providesTags: ['Devices'],
    }),

    device: build.query<DeviceDetail, number>({
      query: (id) => `/a/cashier/devices/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Device', id }],
      // Each detail poll copies the device's fresh figures into its list row, so between two list polls
      // the selected device's players, payment, status and totals never lag behind its panel.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { places: _places, ...fresh } = data;
          dispatch(patchDeviceRows([fresh]));
        } catch {
          // The failure is shown by the component that asked.
        }
      },
    }),

    remoteDevice: build.query<DeviceDetail, RemoteDeviceArgs>({
      query: ({ id, pin }) => ({ url: `/a/cashier/devices/remote/${id}`, headers: { [PIN_HEADER]: pin } }),
      providesTags: (_result, _error, { id }) => [{ type: 'Device', id }],
    }),

    registerDevice: build.mutation<{ id: number }, RegisterDeviceRequest>({
      query: (body) => ({ url: '/a/cashier/devices/register', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Devices'] : []),
    }),

    registerRemoteDevice: build.mutation<{ id: number }, RegisterDeviceRequest>({
      query: (body) => ({ url: '/a/cashier/devices/remote/register', method: 'POST', body }),
    }),

    editDevice: build.mutation<Device, EditDeviceArgs>({
      query: ({ id, ...body }) => ({ url: `/a/cashier/devices/${id}`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => ['Devices', { type: 'Device', id }],
    }),

    gameReport: build.query<GameEvent[], GameReportArgs>({
      query: ({ device_id, pin }) => ({
        url: '/a/cashier/game_report',
        method: 'POST',
        body: { device_id, full: true },
        headers: { [PIN_HEADER]: pin },
      }),
      transformResponse: (events: GameEvent[] | null) => events ?? [],
      // About this device: a live change to it refetches the report too.
      providesTags: (_result, _error, { device_id }) => ['Reports', { type: 'Device', id: device_id }],
    }),
  }),
});

/**
 * Writes `rows`' fields into the cached list's rows of the same ids; a list not cached is left alone (it is
 * fetched when shown). A device's fresh detail, or the payments a live change carried
 * (`LiveChange.payments`: game play, read by the server as it sent the message). A list call under way
 * may still answer with what it read before: its row is right again at the next message naming the
 * device, or at the list's next poll.
 */
export function patchDeviceRows(rows: readonly (Partial<Device> & { id: number })[]): AppThunk<unknown> {
  return devicesApi.util.updateQueryData('devices', undefined, (list) => {
    for (const fields of rows) {
      const row = list.find((d) => d.id === fields.id);
      if (row) Object.assign(row, fields);
    }
  });
}

export const {
  useDevicesQuery,
  useDailyTotalsQuery,
  useDeviceQuery,
  useRemoteDeviceQuery,
  useRegisterDeviceMutation,
  useRegisterRemoteDeviceMutation,
  useEditDeviceMutation,
  useGameReportQuery,
} = devicesApi;
