// A decorative line icon (the controls carrying one are labelled by text): the base of the navigation
// bar's icons (icons.tsx) and the show/hide eye (eye-icon.tsx). A module of its own, so the login screen's
// eye brings only this into the first load, not every icon of the signed-in screens.
import type { ReactNode } from 'react';

/** A line icon, decorative: 20 px as the navigation bar's, or `size` with its own class (eye-icon.tsx). */
export function Icon({
  children,
  size = 20,
  className = 'nav-icon',
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
