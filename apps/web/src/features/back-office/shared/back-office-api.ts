// The console's calls (docs/api.md, "Back office"; docs/back-office.md), injected into the one base API.
// Its own tag types are added here, so the cashier screens' API file stays as it is.
import type {
  Account,
  AuditEntry,
  AuditQuery,
  BackOfficeUser,
  CreateAccountRequest,
  CreateUserWithReason,
  DailyReport,
  Device,
  EditAccountDeviceRequest,
  FloatMoveRequest,
  FloatMoveResult,
  LedgerQuery,
  LedgerRow,
  Ok,
  SetPasswordWithReason,
  SetRestrictionsWithReason,
  ShiftReport,
  UnlinkDeviceRequest,
  UpdateAccountWithReason,
  UpdateUserWithReason,
  VerifyResult,
} from '@cashdesk/contract';
import { API_BASE } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';
import { userPath, usersListPath, type UsersScope } from './scope';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['BoAccounts', 'BoAccount', 'BoUsers', 'BoDevices', 'BoLedger', 'BoAudit'],
});

const account = (id: number) => `/a/manager/account/${id}`;

/** Drops empty filters, so the query string carries only what was chosen. */
export function queryParams(params: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** Changes to an account touch its page, the admin's list and the audit log. */
const accountChanged = (id: number) => [
  { type: 'BoAccount' as const, id },
  'BoAccounts' as const,
  'BoAudit' as const,
  'BoLedger' as const,
];

// Endpoint names share one namespace with the cashier screens' (which have `devices`, `editDevice`...):
// every name here starts with `bo`, and a clash throws at load instead of silently calling the other.
export const backOfficeApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    boAccounts: build.query<Account[], void>({
      query: () => '/a/admin/accounts',
      providesTags: ['BoAccounts'],
    }),
    boAccount: build.query<Account, number>({
      query: (id) => account(id),
      providesTags: (_r, _e, id) => [{ type: 'BoAccount', id }],
    }),
    boCreateAccount: build.mutation<Account, CreateAccountRequest>({
      query: (body) => ({ url: '/a/admin/account', method: 'POST', body }),
      invalidatesTags: ['BoAccounts', 'BoAudit'],
    }),
    boUpdateAccount: build.mutation<Account, { id: number; body: UpdateAccountWithReason }>({
      query: ({ id, body }) => ({ url: account(id), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => accountChanged(id),
    }),
    boMoveFloat: build.mutation<FloatMoveResult, { id: number; body: FloatMoveRequest }>({
      query: ({ id, body }) => ({ url: `${account(id)}/move`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => accountChanged(id),
    }),

    boLedger: build.query<LedgerRow[], { id: number; query: LedgerQuery }>({
      query: ({ id, query }) => ({ url: `${account(id)}/transactions`, params: queryParams({ ...query }) }),
      providesTags: ['BoLedger'],
    }),
    boShiftReport: build.query<ShiftReport, { id: number; from: string; to: string }>({
      query: ({ id, from, to }) => ({ url: `${account(id)}/shift_report`, params: { from, to } }),
      providesTags: ['BoLedger'],
    }),

    boDailyReport: build.query<DailyReport, { id: number; day: string }>({
      query: ({ id, day }) => ({ url: `${account(id)}/daily_report`, params: { day } }),
      // A running day grows: asked again when the manager comes back to it.
      providesTags: ['BoLedger'],
      keepUnusedDataFor: 0,
    }),

    boDevices: build.query<Device[], number>({
      query: (id) => `${account(id)}/devices`,
      providesTags: ['BoDevices'],
    }),
    boEditDevice: build.mutation<Device, { id: number; deviceId: number; body: EditAccountDeviceRequest }>({
      query: ({ id, deviceId, body }) => ({
        url: `${account(id)}/devices/${deviceId}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BoDevices', 'BoAudit'],
    }),
    boUnlinkDevice: build.mutation<Ok, { id: number; deviceId: number; body: UnlinkDeviceRequest }>({
      query: ({ id, deviceId, body }) => ({
        url: `${account(id)}/devices/${deviceId}/unlink`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BoDevices', 'BoAudit'],
    }),

    boUsers: build.query<BackOfficeUser[], UsersScope>({
      query: (scope) => usersListPath(scope),
      providesTags: ['BoUsers'],
    }),
    boAccountUsers: build.query<BackOfficeUser[], number>({
      query: (id) => `${account(id)}/users`,
      providesTags: ['BoUsers'],
    }),
    boCreateUser: build.mutation<
      BackOfficeUser,
      { scope: UsersScope; body: CreateUserWithReason | Omit<CreateUserWithReason, 'role' | 'account_id'> }
    >({
      query: ({ scope, body }) => ({ url: userPath(scope), method: 'POST', body }),
      invalidatesTags: ['BoUsers', 'BoAudit'],
    }),
    boUpdateUser: build.mutation<
      BackOfficeUser,
      { scope: UsersScope; userId: number; body: UpdateUserWithReason }
    >({
      query: ({ scope, userId, body }) => ({ url: userPath(scope, userId), method: 'POST', body }),
      invalidatesTags: ['BoUsers', 'BoAudit'],
    }),
    boSetPassword: build.mutation<Ok, { scope: UsersScope; userId: number; body: SetPasswordWithReason }>({
      query: ({ scope, userId, body }) => ({
        url: userPath(scope, userId, 'set_password'),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BoAudit'],
    }),
    boSetRestrictions: build.mutation<
      BackOfficeUser,
      { scope: UsersScope; userId: number; body: SetRestrictionsWithReason }
    >({
      query: ({ scope, userId, body }) => ({
        url: userPath(scope, userId, 'set_restrictions'),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BoUsers', 'BoAudit'],
    }),

    boAudit: build.query<AuditEntry[], { accountId: number | null; query: AuditQuery }>({
      query: ({ accountId, query }) => ({
        url: accountId === null ? '/a/admin/audit' : `${account(accountId)}/audit`,
        params: queryParams({ ...query }),
      }),
      providesTags: ['BoAudit'],
    }),
    /** Run on demand (a lazy query): every press of the button checks the books again. */
    boVerify: build.query<VerifyResult, number | null>({
      query: (accountId) => (accountId === null ? '/a/admin/verify' : `${account(accountId)}/verify`),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** The CSV export of the ledger with the same filters: a plain link, the session cookie goes along. */
export function ledgerCsvUrl(id: number, filters: Omit<LedgerQuery, 'limit' | 'before'>): string {
  const params = new URLSearchParams(queryParams({ ...filters }));
  const query = params.toString();
  return `${API_BASE}${account(id)}/transactions.csv${query ? `?${query}` : ''}`;
}

export const {
  useBoAccountsQuery,
  useBoAccountQuery,
  useBoCreateAccountMutation,
  useBoUpdateAccountMutation,
  useBoMoveFloatMutation,
  useBoLedgerQuery,
  useBoShiftReportQuery,
  useBoDailyReportQuery,
  useBoDevicesQuery,
  useBoEditDeviceMutation,
  useBoUnlinkDeviceMutation,
  useBoUsersQuery,
  useBoAccountUsersQuery,
  useBoCreateUserMutation,
  useBoUpdateUserMutation,
  useBoSetPasswordMutation,
  useBoSetRestrictionsMutation,
  useBoAuditQuery,
  useLazyBoVerifyQuery,
} = backOfficeApi;
