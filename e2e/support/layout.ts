// Layout faults a cashier notices at once and axe-core does not look for: a page wider
// than the screen (it scrolls sideways, the navigation bar's end is cut off) and a button that something
// else covers (a fixed widget, a toast, a sticky bar), so a tap lands on the wrong thing.
import type { Page } from 'playwright-core';

/** What a button is for the hit test: anything a person presses, links dressed as buttons included. */
const PRESSABLE = 'button, [role="button"], a.button-link, input[type="submit"], input[type="button"]';

/**
 * The page's layout faults as it is now, each one line naming the offending element. Only the topmost
 * layer is hit-tested: with a dialog open, its buttons and its title (the page under the backdrop is
 * covered by design). A button out of view (of the page or of a box it scrolls in) is scrolled to the edge
 * nearest to it first, as a keyboard's Tab scrolls to it (WCAG 2.4.11, focus not obscured); the scroll
 * positions are put back afterwards.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((pressable) => {
    const faults: string[] = [];
    const describe = (el: Element): string => {
      const classes =
        typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2) : [];
      const name =
        el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}>${name ? ` "${name}"` : ''}`;
    };

    // 1. Sideways overflow: the widest element that the page itself (no scrolling box) makes room for.
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) {
      // Inside a box that scrolls or clips, or fixed to the screen: the page makes no room for it.
      const clipped = (el: Element): boolean => {
        if (getComputedStyle(el).position === 'fixed') return true;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
        }
        return false;
      };
      let widest: Element | null = null;
      let widestRight = width;
      for (const el of document.body.querySelectorAll('*')) {
        const right = el.getBoundingClientRect().right + window.scrollX;
        // `>=`: of equal edges the later one in document order, the innermost, is the cause.
        if (right >= widestRight && right > width && !clipped(el)) {
          widest = el;
          widestRight = right;
        }
      }
      faults.push(
        `${document.documentElement.scrollWidth} px wide, wider than the ${width} px screen` +
          (widest ? `: ${describe(widest)} ends at ${Math.round(widestRight)} px` : ''),
      );
    }

    // 2. Covered buttons, in the topmost layer only.
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const layer: Element = dialogs.at(-1) ?? document.body;
    const targets = [...layer.querySelectorAll<HTMLElement>(pressable)].filter((el) => {
      if (el.matches(':disabled') || el.closest('[inert], [aria-hidden="true"]')) return false;
      const box = el.getBoundingClientRect();
      // A visually hidden control (1 px, clipped) is no target for a finger.
      return box.width > 2 && box.height > 2 && getComputedStyle(el).visibility === 'visible';
    });
    if (layer !== document.body) {
      const title = layer.getAttribute('aria-labelledby');
      const heading = title ? document.getElementById(title) : null;
      if (heading) targets.unshift(heading);
    }
    const scrolled = new Map<Element, [number, number]>();
    const remember = (el: Element | null) => {
      for (let p = el; p; p = p.parentElement) {
        if (!scrolled.has(p)) scrolled.set(p, [p.scrollLeft, p.scrollTop]);
      }
    };
    const pageScroll: [number, number] = [window.scrollX, window.scrollY];
    for (const target of targets) {
      // Into view of the page and of any box it scrolls in (a tall modal): a no-op when it is in view.
      remember(target.parentElement);
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = target.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      // Nothing there: clipped by a box it cannot be scrolled into (not this check's business).
      if (!hit || target === hit || target.contains(hit)) continue;
      // A label of the same control (a checkbox's label over its input) is the control.
      if (hit instanceof HTMLLabelElement && hit.control === target) continue;
      faults.push(`${describe(target)} is covered by ${describe(hit)}`);
    }
    for (const [el, [left, top]] of scrolled) {
      el.scrollLeft = left;
      el.scrollTop = top;
    }
    window.scrollTo(pageScroll[0], pageScroll[1]);
    return faults;
  }, PRESSABLE);
}
