// The /proc CPU reader of proc-cpu.ts: stat lines with awkward command names, and processes that come and go.
import { describe, expect, it } from 'vitest';
import { cpuBetween, statCpuMs } from './proc-cpu.js';

// A real /proc/<pid>/stat line's shape: pid (comm) state ppid ... utime(14) stime(15) ...
const stat = (comm: string, utime: number, stime: number) =>
  `4242 (${comm}) S 1 4242 4242 0 -1 4194560 1234 0 0 0 ${utime} ${stime} 0 0 20 0 11 0 100 1000 200`;

describe('statCpuMs', () => {
  it('adds user and system ticks, 10 ms each at 100 Hz', () => {
    expect(statCpuMs(stat('node', 150, 25))).toBe(1750);
  });

  it('counts fields from the last parenthesis, whatever the command name holds', () => {
    expect(statCpuMs(stat('postgres: 15/main: postgres db (1) idle', 3, 4))).toBe(70);
  });

  it('honours another tick rate', () => {
    expect(statCpuMs(stat('x', 250, 250), 250)).toBe(2000);
  });

  it('refuses text that is not a stat line', () => {
    expect(statCpuMs('')).toBeNull();
    expect(statCpuMs('4242 (node) S 1')).toBeNull();
  });
});

describe('cpuBetween', () => {
  it('sums the differences of processes in both, all of a new one, nothing of one gone', () => {
    const from = new Map([
      [1, 100],
      [2, 50],
      [3, 500],
    ]);
    const to = new Map([
      [1, 160],
      [2, 50],
      [4, 30],
    ]);
    expect(cpuBetween(from, to)).toBe(60 + 0 + 30);
  });
});
