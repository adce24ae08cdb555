// The head of a console page: its title, which names the page (aria-labelledby `titleId`), and what
// stands beside it: the figures of an account, the button that makes a new account or user.
import type { ReactNode } from 'react';

export function PageHead({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="bo-page__head">
      <h1 id={titleId}>{title}</h1>
      {children}
    </div>
  );
}

/** The head's button opening the dialog that makes a new one. */
export function NewButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <button type="button" className="button--primary" aria-haspopup="dialog" onClick={onOpen}>
      {label}
    </button>
  );
}
