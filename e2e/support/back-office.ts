// The back-office console as an admin or a manager sees it, found by role and label: its sections
// (folded behind Menu below 1024 px), an account's tabs, and the rows of its tables.
import type { Locator, Page } from 'playwright-core';
import type { ViewportName } from './browser';

/** Below 1024 px the console's sections fold behind a Menu button. */
export function consoleFolds(viewport: ViewportName): boolean {
  return viewport === 'mobile' || viewport === 'portrait';
}

/** Follows one of the console's sections (Accounts, My venue, Users, Audit log, Reconciliation). */
export async function openConsoleSection(page: Page, viewport: ViewportName, name: string): Promise<void> {
  if (consoleFolds(viewport)) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** Follows one of an account's tabs (Settings, Float, Devices, Ledger, Shift report, Audit log). */
export async function openAccountTab(page: Page, name: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name, exact: true })
    .click();
  const section = page.getByRole('region', { name, exact: true });
  await section.waitFor();
  return section;
}

/** The row of a table whose header cell (or any cell) reads `text`. */
export function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByText(text, { exact: true }) });
}
