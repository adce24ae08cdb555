// `npm start` in demo mode shows every screen of docs/product.md to a newcomer who configured nothing: the
// support widget offers the demo's phone and e-mail, and /get-client offers a download that works
// (a small text file this server serves; config.ts DEMO_DEFAULTS).
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '@cashdesk/server';
import { describeE2E, useE2E } from './support/harness';
import { devicesHeading } from './support/screens';
import { openSignedIn } from './support/ui';

describeE2E('demo mode, nothing configured', () => {
  // The harness's demo server, with the demo's contact and download left as npm start has them.
  const e2e = useE2E({ demoContact: true });

  it("offers the demo's support phone and e-mail on the signed-in screens", async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    const phone = dialog.getByRole('link', { name: DEMO_DEFAULTS.supportPhone, exact: true });
    expect(await phone.getAttribute('href')).toBe(`tel:${DEMO_DEFAULTS.supportPhone.replace(/[^\d+]/g, '')}`);
    const email = dialog.getByRole('link', { name: DEMO_DEFAULTS.supportEmail, exact: true });
    expect(await email.getAttribute('href')).toBe(`mailto:${DEMO_DEFAULTS.supportEmail}`);
  });

  it('offers a client download on /get-client, and the file downloads', async () => {
    const page = await e2e.newPage('mobile', '/get-client');
    await page.getByRole('heading', { name: 'Cashdesk client', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: 'Download' });
    expect(await link.getAttribute('href')).toBe(DEMO_DEFAULTS.clientDownloadUrl);
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cashdesk-demo-client.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain('Cashdesk demo client');
  });
});
