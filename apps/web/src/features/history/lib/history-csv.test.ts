import { UTF8_BOM, type ReportEntry } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { historyCsv, historyCsvFileName, isoAtOffset } from './history-csv';

function entry(trx: string, delta: number, created_at: string, device_name = 'Rocket Game'): ReportEntry {
  return {
    device_id: 3,
    device_name,
    place: 2,
    trx,
    created_at,
    currency: 'EUR',
    user_idx: 7,
    user_name: 'Demo Cashier',
    data: { total_in: Math.max(delta, 0), total_out: Math.max(-delta, 0) },
  };
}

const texts = {
  column: (column: string) => `<${column}>`,
  type: (type: string) => (type === 'deposit' ? 'Depósito' : 'Retiro'),
};

describe('history CSV', () => {
  it('writes one line per row: ISO time at the offset, type, signed amount to the cent, device, trx', () => {
    const csv = historyCsv(
      [entry('t-2', -4_01, '2026-03-10T08:15:00.000Z'), entry('t-1', 12_34, '2026-03-09T23:30:00.999Z')],
      '+01:00',
      texts,
    );
    expect(csv).toBe(
      `${UTF8_BOM}<date>,<type>,<amount>,<currency>,<deviceName>,<deviceId>,<player>,<trx>\n` +
        '2026-03-10T09:15:00+01:00,Retiro,-4.01,EUR,Rocket Game,3,2,t-2\n' +
        '2026-03-10T00:30:00+01:00,Depósito,12.34,EUR,Rocket Game,3,2,t-1\n',
    );
  });

  it('defuses and quotes a device name a spreadsheet would run or split', () => {
    const csv = historyCsv([entry('t', 1, '2026-03-10T08:15:00Z', '=cmd|"/c calc"!A1, x')], '-05:00', texts);
    expect(csv.split('\n')[1]).toBe(
      `2026-03-10T03:15:00-05:00,Depósito,0.01,EUR,"'=cmd|""/c calc""!A1, x",3,2,t`,
    );
  });

  it('writes times at negative, zero and positive offsets across midnight', () => {
    expect(isoAtOffset('2026-03-10T02:00:00Z', '-05:00')).toBe('2026-03-09T21:00:00-05:00');
    expect(isoAtOffset('2026-03-10T02:00:00Z', '+00:00')).toBe('2026-03-10T02:00:00+00:00');
    expect(isoAtOffset('2026-12-31T23:00:00Z', '+12:00')).toBe('2027-01-01T11:00:00+12:00');
  });

  it('names the file after the period', () => {
    expect(historyCsvFileName('2026-03-10', '2026-03-10')).toBe('cashdesk-history-2026-03-10.csv');
    expect(historyCsvFileName('2026-03-10', '2026-03-12')).toBe('cashdesk-history-2026-03-10_2026-03-12.csv');
  });
});
