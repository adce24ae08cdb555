// Debian's Chromium through playwright-core: one browser per test file, a fresh context (cookies,
// localStorage) per page, the widths of the issues, and screenshots for review.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumProblem, SCREENSHOT_DIR } from './env';

export const VIEWPORTS = {
  desktop: { width: 1920, height: 1080 },
  tablet: { width: 1024, height: 768 },
  /** A tablet held upright: the narrowest width with the side panel (the table once clipped here). */
  portrait: { width: 768, height: 1024 },
  mobile: { width: 375, height: 812 },
  /** A laptop: the console's sections unfolded, its tables as tables; a till's laptop screen (the players' flows). */
  laptop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
/**
 * The three widths the flows run at (atEveryWidth, it.each): 768 px only in the screens scan
 * (screen-catalogue.ts RUNS), which checks every screen's layout there; a flow behaves at 768 as at 1024.
 */
export const VIEWPORT_NAMES: readonly ViewportName[] = ['desktop', 'tablet', 'mobile'];

export async function launchBrowser(): Promise<Browser> {
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

/**
 * Saves a screenshot for review as screenshots/e2e/<name>-<width>.png (animations disabled, so
 * transitions do not blur it). Returns the file's path.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, 'e2e', `${name}-${width}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The viewport only, as the cashier sees it: a full-page capture resizes the viewport for a moment,
  // which re-renders width-dependent layouts (it closed an open modal in the side panel).
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
