// What the operator configures for the web app's public parts: the client download, the support chat
// script and contact (README, configuration), read from the environment, served publicly, and the chat's
// origin let through the Content-Security-Policy.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_FILE_NAME, DEMO_CLIENT_TEXT } from '../../src/client-config/demo-client.routes.js';
import { DEMO_DEFAULTS, loadConfig } from '../../src/config.js';
import { contentSecurityPolicy } from '../../src/http/response-headers.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Db } from '../../src/db/database.js';

describe('configuration of the public parts', () => {
  it('is off by default outside demo mode, with auto-lock after 15 minutes', () => {
    for (const env of [{ DEMO: '0' }, { DATABASE_URL: 'postgres://db.example/cashdesk' }]) {
      const config = loadConfig(env);
      expect(config.demo).toBe(false);
      expect(config.clientDownloadUrl).toBeNull();
      expect(config.support).toEqual({ chatScriptUrl: null, phone: null, email: null });
      expect(config.tillLock).toEqual({ autoLockAfterMs: 15 * 60_000 });
    }
  });

  it("offers the demo's support contact and client download in demo mode (npm start's default)", () => {
    for (const env of [{}, { DEMO: '1' }]) {
      const config = loadConfig(env);
      expect(config.demo).toBe(true);
      expect(config.clientDownloadUrl).toBe(DEMO_DEFAULTS.clientDownloadUrl);
      expect(config.support).toEqual({
        chatScriptUrl: null,
        phone: DEMO_DEFAULTS.supportPhone,
        email: DEMO_DEFAULTS.supportEmail,
      });
    }
    // The defaults pass the checks an operator's values pass.
    expect(() =>
      loadConfig({
        DEMO: '0',
        SUPPORT_PHONE: DEMO_DEFAULTS.supportPhone,
        SUPPORT_EMAIL: DEMO_DEFAULTS.supportEmail,
        CLIENT_DOWNLOAD_URL: DEMO_DEFAULTS.clientDownloadUrl,
      }),
    ).not.toThrow();
  });

  it("keeps the operator's values in demo mode, and an empty one turns the demo's off", () => {
    const config = loadConfig({
      DEMO: '1',
      SUPPORT_PHONE: '+34 600 123 456',
      SUPPORT_EMAIL: '',
      CLIENT_DOWNLOAD_URL: 'https://downloads.example.com/cashdesk.exe',
    });
    expect(config.support).toEqual({ chatScriptUrl: null, phone: '+34 600 123 456', email: null });
    expect(config.clientDownloadUrl).toBe('https://downloads.example.com/cashdesk.exe');
    expect(loadConfig({ DEMO: '1', CLIENT_DOWNLOAD_URL: '' }).clientDownloadUrl).toBeNull();
  });

  it('reads every variable, treats empty as unset and 0 minutes as no auto-lock', () => {
    const config = loadConfig({
      CLIENT_DOWNLOAD_URL: '/downloads/cashdesk-client.zip',
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
      SUPPORT_PHONE: '+34 600 123 456',
      SUPPORT_EMAIL: '',
      TILL_AUTO_LOCK_MINUTES: '0',
      DEMO: '0',
    });
    expect(config.clientDownloadUrl).toBe('/downloads/cashdesk-client.zip');
    expect(config.support).toEqual({
      chatScriptUrl: 'https://chat.example.com/widget.js',
      phone: '+34 600 123 456',
      email: null,
    });
    expect(config.tillLock.autoLockAfterMs).toBeNull();
  });

  it.each([
    ['CLIENT_DOWNLOAD_URL', 'javascript:alert(1)'],
    ['CLIENT_DOWNLOAD_URL', '//evil.example/x'],
    ['SUPPORT_CHAT_SCRIPT_URL', 'ftp://chat.example.com/w.js'],
    ['SUPPORT_PHONE', 'call me'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['TILL_AUTO_LOCK_MINUTES', '-1'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadConfig({ DEMO: '0', [name]: value })).toThrow(new RegExp(`bad configuration: ${name}`));
  });

  it('lets the chat origin through the Content-Security-Policy, and nothing else', () => {
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    const csp = contentSecurityPolicy(['https://chat.example.com']);
    for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://chat\\.example\\.com`));
    }
    expect(csp).toContain("default-src 'self';");
  });
});

describe('GET /client_config', () => {
  let db: Db;
  let server: TestServer;
  afterEach(async () => {
    await server.close();
    await db.close();
  });

  it('serves the configuration to anyone and sends the chat origin in the CSP', async () => {
    db = await sqliteTestDatabase.open();
    server = await startTestServer(db, {
      config: {
        clientDownloadUrl: 'https://downloads.example.com/cashdesk.exe',
        support: { chatScriptUrl: 'https://chat.example.com/w.js', phone: null, email: 'help@venue.example' },
      },
    });
    const res = await server.client().get('/client_config');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        client_download_url: 'https://downloads.example.com/cashdesk.exe',
        support: {
          chat_script_url: 'https://chat.example.com/w.js',
          phone: null,
          email: 'help@venue.example',
        },
      },
    });
    expect(res.headers.get('content-security-policy')).toContain(
      "script-src 'self' https://chat.example.com",
    );
  });
});

describe('the demo client download', () => {
  let db: Db;
  let server: TestServer;
  afterEach(async () => {
    await server.close();
    await db.close();
  });

  it('is a small text file this server serves as an attachment in demo mode', async () => {
    db = await sqliteTestDatabase.open();
    server = await startTestServer(db, { config: { demo: true } });
    const res = await fetch(`${server.baseUrl}${DEMO_DEFAULTS.clientDownloadUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${DEMO_CLIENT_FILE_NAME}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(DEMO_CLIENT_TEXT);
  });

  it('is not there outside demo mode', async () => {
    db = await sqliteTestDatabase.open();
    server = await startTestServer(db);
    const res = await fetch(`${server.baseUrl}${DEMO_DEFAULTS.clientDownloadUrl}`);
    expect(res.status).toBe(404);
  });
});
