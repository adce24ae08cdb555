// What the figures came from: the machine, and how busy it was (2 shared cores make figures noisy).
import os from 'node:os';

/** The 1-minute load average: figures taken while other work ran on the machine are not comparable. */
export function load(): string {
  return `load average ${os.loadavg()[0]?.toFixed(2) ?? '?'} over ${os.cpus().length} cores`;
}

export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; Node ${process.version}`
  );
}

/** pg reports a refused connection as an AggregateError with an empty message; dig out something useful. */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}
