// What the history page lists (docs/product.md section 2): the report's rows of one device or all, of one type
// (tabs All / Deposit / Withdraw, with counts), newest or oldest first. A manager's correction (section 13)
// is neither: it lists under All as a correction of the operation it reverses.
import type { ReportEntry } from '@cashdesk/contract';

export type OperationType = 'deposit' | 'withdraw' | 'correction';
export type TypeTab = 'all' | 'deposit' | 'withdraw';
export type SortOrder = 'newest' | 'oldest';

export const TYPE_TABS: readonly TypeTab[] = ['all', 'deposit', 'withdraw'];

export interface HistoryFilters {
  tab: TypeTab;
  sort: SortOrder;
  /** null: every device. */
  deviceId: number | null;
}

export const DEFAULT_FILTERS: HistoryFilters = { tab: 'all', sort: 'newest', deviceId: null };

export function isDefaultFilters(filters: HistoryFilters): boolean {
  return (
    filters.tab === DEFAULT_FILTERS.tab &&
    filters.sort === DEFAULT_FILTERS.sort &&
    filters.deviceId === DEFAULT_FILTERS.deviceId
  );
}

/**
 * A row puts money onto a place (deposit) or takes it off (withdraw), or reverses another (a correction,
 * which carries `corrects`: its movement is the opposite of that operation's, not a cashier's own).
 */
export function operationType(entry: ReportEntry): OperationType {
  if (entry.corrects !== undefined) return 'correction';
  return movesIn(entry) ? 'deposit' : 'withdraw';
}

/** The row's direction: money onto the place (shown +), else off it (shown −). */
export function movesIn(entry: ReportEntry): boolean {
  return entry.data.total_in > 0;
}

/** The amount moved, a positive number of cents. */
export function operationAmount(entry: ReportEntry): number {
  return entry.data.total_in > 0 ? entry.data.total_in : entry.data.total_out;
}

export function ofDevice(rows: readonly ReportEntry[], deviceId: number | null): ReportEntry[] {
  return deviceId === null ? [...rows] : rows.filter((row) => row.device_id === deviceId);
}

export function countByType(rows: readonly ReportEntry[]): Record<TypeTab, number> {
  const count = (type: OperationType) => rows.filter((row) => operationType(row) === type).length;
  return { all: rows.length, deposit: count('deposit'), withdraw: count('withdraw') };
}

export function ofType(rows: readonly ReportEntry[], tab: TypeTab): ReportEntry[] {
  return tab === 'all' ? [...rows] : rows.filter((row) => operationType(row) === tab);
}

/**
 * By time. The server answers newest first (by ledger order), which also breaks ties: rows of the same
 * millisecond keep that order, reversed for oldest first.
 */
export function sortRows(rows: readonly ReportEntry[], order: SortOrder): ReportEntry[] {
  const time = (row: ReportEntry) => Date.parse(row.created_at);
  if (order === 'newest') return [...rows].sort((a, b) => time(b) - time(a));
  return [...rows].reverse().sort((a, b) => time(a) - time(b));
}

/** The rows the page lists and prints. */
export function listedRows(rows: readonly ReportEntry[], filters: HistoryFilters): ReportEntry[] {
  return sortRows(ofType(ofDevice(rows, filters.deviceId), filters.tab), filters.sort);
}

export interface DeviceOption {
  id: number;
  name: string;
}

/**
 * The devices to filter by: the cashier's device list and any other device the report names (a home-play
 * device is not in the list), each once, by name then id.
 */
export function deviceOptions(
  listed: readonly { id: number; name: string }[],
  rows: readonly ReportEntry[],
): DeviceOption[] {
  const byId = new Map<number, string>();
  for (const device of listed) byId.set(device.id, device.name);
  for (const row of rows) if (!byId.has(row.device_id)) byId.set(row.device_id, row.device_name);
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
