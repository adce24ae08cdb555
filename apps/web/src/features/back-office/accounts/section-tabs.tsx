// An account's sections as one strip of tabs. Where the screen is narrower than the tabs (a phone, a
// portrait tablet) the strip scrolls sideways, and says so: each end with tabs out of sight has a button
// that counts them ("7 more") and brings the next ones into view, and the open tab is scrolled into view
// whenever it changes. A swipe scrolls the strip too, and each link is still in the tab order (focus
// scrolls it into view), so every section is reachable by touch, mouse and keyboard.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface OutOfSight {
  before: number;
  after: number;
}

/**
 * A tab more than a pixel past an edge is out of sight on that side (a half-shown one counts), unless
 * the strip is scrolled to that end: a tab wider than what the end's button leaves of the strip would
 * otherwise keep its button, and the button the tab out of sight.
 */
function outOfSight(strip: HTMLElement): OutOfSight {
  const box = strip.getBoundingClientRect();
  const atStart = strip.scrollLeft <= 1;
  const atEnd = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
  let before = 0;
  let after = 0;
  for (const tab of tabsOf(strip)) {
    const rect = tab.getBoundingClientRect();
    if (rect.width === 0) continue;
    if (rect.left < box.left - 1 && !atStart) before += 1;
    else if (rect.right > box.right + 1 && !atEnd) after += 1;
  }
  return { before, after };
}

const tabsOf = (strip: HTMLElement) => [...strip.querySelectorAll<HTMLElement>('a')];

function scrollStripBy(strip: HTMLElement, delta: number): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  strip.scrollTo({ left: strip.scrollLeft + delta, behavior: reduced ? 'auto' : 'smooth' });
}

/**
 * How far to scroll so the first tab out of sight on that side is the first in sight (a page of tabs);
 * a tab wider than the strip is brought in up to its far edge, so the strip reaches its end.
 */
function pageDelta(strip: HTMLElement, direction: 'before' | 'after'): number {
  const box = strip.getBoundingClientRect();
  const rects = tabsOf(strip).map((tab) => tab.getBoundingClientRect());
  if (direction === 'after') {
    const next = rects.find((r) => r.right > box.right + 1);
    return next ? Math.max(next.left - box.left, next.right - box.right) : 0;
  }
  const previous = rects.filter((r) => r.left < box.left - 1).at(-1);
  return previous ? Math.min(previous.right - box.right, previous.left - box.left) : 0;
}

export function SectionTabs({
  label,
  current,
  children,
}: {
  /** The strip's name (a navigation landmark). */
  label: string;
  /** What changes when another tab opens (the path): the open tab is brought into view then. */
  current: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('backOffice');
  const stripRef = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState<OutOfSight>({ before: 0, after: 0 });

  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const measure = () =>
      setHidden((was) => {
        const now = outOfSight(strip);
        return now.before === was.before && now.after === was.after ? was : now;
      });
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    // The strip's width (a turned screen) and the tabs' (another language, a count appearing) move it.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(strip);
    for (const tab of tabsOf(strip)) observer?.observe(tab);
    return () => {
      strip.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  // The open tab in sight, in the middle of the strip (room for the buttons that may then appear at
  // either end; the first and the last tab go to their end), by scrolling the strip alone, not the page.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const open = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !open) return;
    const box = strip.getBoundingClientRect();
    const rect = open.getBoundingClientRect();
    if (rect.left < box.left || rect.right > box.right) {
      strip.scrollLeft += rect.left + rect.width / 2 - (box.left + box.width / 2);
    }
  }, [current]);

  const show = (direction: 'before' | 'after') => {
    const strip = stripRef.current;
    if (strip) scrollStripBy(strip, pageDelta(strip, direction));
  };

  return (
    <div className="bo-tabs-frame">
      {hidden.before > 0 && (
        <button
          type="button"
          className="bo-tabs__more bo-tabs__more--before"
          aria-label={t('account.tabsBefore', { count: hidden.before })}
          onClick={() => show('before')}
        >
          <span aria-hidden="true">‹ {hidden.before}</span>
        </button>
      )}
      <nav aria-label={label} className="bo-tabs" ref={stripRef}>
        {children}
      </nav>
      {hidden.after > 0 && (
        <button
          type="button"
          className="bo-tabs__more bo-tabs__more--after"
          aria-label={t('account.tabsAfter', { count: hidden.after })}
          onClick={() => show('after')}
        >
          <span aria-hidden="true">{t('account.tabsMore', { count: hidden.after })} ›</span>
        </button>
      )}
    </div>
  );
}
