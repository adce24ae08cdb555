// Touch targets: every control a finger may press is at least 44 px each way (the rule).
import type { Locator } from 'playwright-core';

export const MIN_TOUCH_PX = 44;

/** Controls a finger cannot hit reliably: visible, enabled buttons, links and inputs under 44 px. */
export async function smallTouchTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, min) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, summary, [role="button"]',
    );
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (box.height < min || box.width < min) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  }, MIN_TOUCH_PX);
}
