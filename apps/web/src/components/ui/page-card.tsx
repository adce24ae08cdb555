// A page of its own with one centred card (lock screen, maintenance, client download): the `main`
// landmark, and `lang` for a card written in another language than the app's (the maintenance 404).
import type { ReactNode } from 'react';

export function PageCard({
  children,
  lang,
  labelledBy,
}: {
  children: ReactNode;
  lang?: string;
  labelledBy: string;
}) {
  return (
    <div className="page-card">
      <main className="page-card__main">
        <section className="page-card__card" aria-labelledby={labelledBy} lang={lang}>
          {children}
        </section>
      </main>
    </div>
  );
}
