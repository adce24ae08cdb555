// An element's width in CSS pixels, followed as the screen turns or resizes: the SVG charts
// (components/ui/cash-flow-chart.tsx, the back office's hour chart) draw to it instead of scaling text.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** `fallback` until the first measure (and where nothing measures, as in tests). */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
