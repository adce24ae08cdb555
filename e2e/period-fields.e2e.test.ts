// The period fields of the end-of-shift screens (History's Period dropdown and the Statistic modal) as a
// cashier types in them, at 375 and 768 px, in English and Spanish: a correct date or time is never
// called wrong (the defaults 00:00:00 and 23:59:59 included), a wrong one is, under its field, and when
// Save or Submit is disabled the red text on the screen says why, and nothing else is red.
import type { Language } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, type ViewportName } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import { layoutFaults } from './support/layout';
import { openSignedIn } from './support/ui';

const RUNS: readonly [Language, ViewportName][] = [
  ['en', 'mobile'],
  ['en', 'portrait'],
  ['es', 'mobile'],
  ['es', 'portrait'],
];

/** The visible texts inside `scope` drawn in the app's danger colour (errors), top to bottom. */
async function redTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-danger)';
    document.body.append(probe);
    const danger = getComputedStyle(probe).color;
    probe.remove();
    const texts: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (own === '' || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (getComputedStyle(el).color === danger) texts.push(own);
    }
    return texts;
  });
}

/** The browser's offset (Asia/Kolkata, +05:30) is none of the 25: the fields start at GMT+00:00. */
const todayAtGmt = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('.');

/** Types the period's fields as a cashier does, digit by digit, and checks every message on the way. */
async function typeThroughThePeriod(
  page: Page,
  scope: Locator,
  send: Locator,
  t: Translate,
  shot: string,
): Promise<void> {
  const field = (key: string) => scope.getByLabel(t(`report:range.${key}`), { exact: true });
  const typeInto = async (key: string, digits: string) => {
    await field(key).fill('');
    await field(key).pressSequentially(digits);
  };
  const problem = (key: string, params?: Record<string, string>) => t(`report:range.problem.${key}`, params);

  // As it opens: today, 00:00:00 to 23:59:59, and nothing said against it.
  expect(await field('fromTime').inputValue()).toBe('00:00:00');
  expect(await field('toTime').inputValue()).toBe('23:59:59');
  expect(await redTexts(scope)).toEqual([]);
  expect(await field('toTime').getAttribute('aria-invalid')).toBeNull();
  expect(await send.isEnabled()).toBe(true);
  await screenshot(page, shot);
  // Through every field and out again: still nothing.
  for (const key of ['fromDate', 'fromTime', 'toDate', 'toTime']) await field(key).focus();
  await field('offset').focus();
  expect(await redTexts(scope)).toEqual([]);

  // Correct times typed as digits, and the last second of the day.
  await typeInto('fromTime', '083000');
  await typeInto('toTime', '235959');
  expect(await field('fromTime').inputValue()).toBe('08:30:00');
  expect(await field('toTime').inputValue()).toBe('23:59:59');
  await field('fromDate').focus();
  expect(await redTexts(scope)).toEqual([]);
  expect(await send.isEnabled()).toBe(true);

  // No such time: said under the field, and the form says one of them does not exist.
  await typeInto('toTime', '240000');
  expect(await redTexts(scope)).toEqual([t('dayTime.timeInvalid'), problem('invalid')]);
  expect(await field('toTime').getAttribute('aria-invalid')).toBe('true');
  expect(await send.isDisabled()).toBe(true);
  await typeInto('toTime', '000000');
  expect(await redTexts(scope)).toEqual([problem('fromAfterTo')]);
  expect(await send.isDisabled()).toBe(true);
  await typeInto('toTime', '235959');
  expect(await redTexts(scope)).toEqual([]);

  // A date before the first day of history, and one after today: only the bounds are said.
  await typeInto('fromDate', '17122024');
  const bounds = problem('outOfBounds', { min: '18.12.2024', max: todayAtGmt() });
  expect(await redTexts(scope)).toEqual([bounds]);
  expect(await send.isDisabled()).toBe(true);
  await screenshot(page, `${shot}-out-of-range`);
  await typeInto('fromDate', '18122024');
  await typeInto('toDate', '01012099');
  expect(await redTexts(scope)).toEqual([bounds]);
  expect(await send.isDisabled()).toBe(true);

  // From after To: the order is said, the correct dates and times are not blamed.
  await typeInto('toDate', '18122024');
  await typeInto('fromTime', '120000');
  await typeInto('toTime', '115959');
  expect(await redTexts(scope)).toEqual([problem('fromAfterTo')]);
  expect(await send.isDisabled()).toBe(true);
  await screenshot(page, `${shot}-from-after-to`);

  // No such day: under its field.
  await typeInto('toDate', '31112026');
  expect(await redTexts(scope)).toEqual([t('dayTime.dayInvalid'), problem('invalid')]);
  expect(await field('toDate').getAttribute('aria-invalid')).toBe('true');

  // Put right: nothing red, and the period can be sent.
  await typeInto('toDate', todayAtGmt().replace(/\./g, ''));
  expect(await redTexts(scope)).toEqual([]);
  expect(await send.isEnabled()).toBe(true);
}

describeE2E('period fields on History and Statistic', () => {
  const e2e = useE2E();

  it.each(RUNS)(
    "History's Period never calls a correct date or time wrong (%s, %s)",
    async (lng, viewport) => {
      const t = translator(lng);
      const page = await e2e.newPage(viewport);
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server, '/history');
      await page.getByRole('button', { name: new RegExp(`^${t('history:range.label')}`) }).click();
      const form = page.getByRole('form', { name: t('history:range.label') });
      const save = form.getByRole('button', { name: t('save'), exact: true });
      await typeThroughThePeriod(page, form, save, t, `period-history-${lng}`);
      await save.click();
      await form.waitFor({ state: 'detached' });
      // The open dropdown lies over the page's buttons by design: the layout is checked once it closes.
      expect(await layoutFaults(page)).toEqual([]);
    },
  );

  it.each(RUNS)(
    'the Statistic modal never calls a correct date or time wrong (%s, %s)',
    async (lng, viewport) => {
      const t = translator(lng);
      const page = await e2e.newPage(viewport);
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server, '/devices');
      await page.getByRole('button', { name: t('navigation:menu'), exact: true }).click();
      await page.getByRole('button', { name: t('navigation:statistic'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('navigation:statistic') });
      const submit = dialog.getByRole('button', { name: t('statistic:submit'), exact: true });
      await typeThroughThePeriod(page, dialog, submit, t, `period-statistic-${lng}`);
      expect(await layoutFaults(page)).toEqual([]);
      await submit.click();
      await dialog.getByRole('region', { name: t('statistic:result') }).waitFor();
    },
  );
});
