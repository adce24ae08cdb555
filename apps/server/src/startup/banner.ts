// What start-up prints for a person at a terminal (main.ts): where the server runs, on which database,
// the demo logins and the demo devices' PINs. Pure functions, so the text is tested without a terminal;
// without a terminal main.ts writes the same facts as JSON log lines instead.
import type { Config } from '../config.js';

export interface BannerInput {
  url: string;
  database: Config['database'];
  /** The demo's public logins (demo mode), or null. */
  demoLogins: readonly { login: string; password: string; role: string }[] | null;
  /** METRICS_TOKEN is set: remote scrapers may read /metrics with it. */
  metricsToken: boolean;
}

/** The database in a few words, never with the password a PostgreSQL URL may carry. */
export function describeDatabase(database: Config['database']): string {
  if (database.kind === 'sqlite') return `SQLite, ${database.file}`;
  try {
    const url = new URL(database.url);
    const name = url.pathname.replace(/^\//, '');
    return `PostgreSQL, ${url.hostname}${url.port ? `:${url.port}` : ''}${name ? `/${name}` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

export function renderBanner(input: BannerInput): string {
  const { url } = input;
  const lines = [
    '',
    `Cashdesk is running at ${url}`,
    `  database  ${describeDatabase(input.database)}`,
    `  metrics   ${url}/metrics (this machine${input.metricsToken ? ', or with METRICS_TOKEN' : ' only'})`,
  ];
  if (input.demoLogins) {
    const width = Math.max(...input.demoLogins.map((l) => `${l.login} / ${l.password}`.length));
    lines.push('', 'Demo logins (public: for a try-out on this machine only):');
    for (const l of input.demoLogins)
      lines.push(`  ${`${l.login} / ${l.password}`.padEnd(width)}  ${l.role}`);
    lines.push(
      `Admins and managers land on the back office: ${url}/back-office`,
      `Client download page: ${url}/get-client`,
    );
  }
  return lines.join('\n') + '\n';
}

/** One demo device's new PIN, under the banner. */
export function renderDevicePin(device: 'cabinet' | 'remote', pin: string, expiresAt: Date): string {
  return `  PIN ${pin}  ${demoDeviceName(device)}, valid until ${expiresAt.toLocaleTimeString()}\n`;
}

/** Where the cashier meets the demo device: the words of the screen that links it. */
export function demoDeviceName(device: 'cabinet' | 'remote'): string {
  return device === 'remote'
    ? 'Home-play phone (Remote devices)'
    : 'Unlinked Rocket Game cabinet (Add device)';
}
