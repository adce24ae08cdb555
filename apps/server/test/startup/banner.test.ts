// What a person at a terminal reads when the server starts (startup/banner.ts).
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/demo/seed.js';
import { describeDatabase, renderBanner, renderDevicePin } from '../../src/startup/banner.js';

const URL = 'http://127.0.0.1:8080';

describe('start-up banner', () => {
  it('says where the server runs, on which database, and the demo logins', () => {
    const text = renderBanner({
      url: URL,
      database: { kind: 'sqlite', file: '/srv/cashdesk/data/cashdesk.sqlite' },
      demoLogins: DEMO_LOGINS,
      metricsToken: false,
    });
    expect(text).toContain(`Cashdesk is running at ${URL}`);
    expect(text).toContain('database  SQLite, /srv/cashdesk/data/cashdesk.sqlite');
    expect(text).toContain(`metrics   ${URL}/metrics (this machine only)`);
    for (const { login, password, role } of DEMO_LOGINS) {
      expect(text).toMatch(new RegExp(`^  ${login} / ${password} +${role}$`, 'm'));
    }
    expect(text).toContain(`${URL}/back-office`);
    expect(text).toContain(`${URL}/get-client`);
    // Short: a screenful at most, whatever the number of logins.
    expect(text.split('\n').length).toBeLessThan(20);
  });

  it('shows no demo section outside demo mode, and never a database password', () => {
    const text = renderBanner({
      url: URL,
      database: { kind: 'postgres', url: 'postgres://cash:s3cret@db.internal:5433/cashdesk' },
      demoLogins: null,
      metricsToken: true,
    });
    expect(text).toContain('database  PostgreSQL, db.internal:5433/cashdesk');
    expect(text).toContain('(this machine, or with METRICS_TOKEN)');
    expect(text).not.toContain('s3cret');
    expect(text).not.toMatch(/demo/i);
  });

  it('names a database URL it cannot read without echoing it', () => {
    expect(describeDatabase({ kind: 'postgres', url: 'not a url s3cret' })).toBe('PostgreSQL (DATABASE_URL)');
  });

  it('prints each demo PIN with the screen that links its device', () => {
    const at = new Date('2026-11-25T17:30:00Z');
    expect(renderDevicePin('cabinet', '12345', at)).toBe(
      `  PIN 12345  Unlinked Rocket Game cabinet (Add device), valid until ${at.toLocaleTimeString()}\n`,
    );
    expect(renderDevicePin('remote', '654321', at)).toContain('Home-play phone (Remote devices)');
  });
});
