// Accessible tabs (WAI-ARIA pattern): arrow keys, Home and End move between tabs; only the chosen tab is
// in the tab order, and its panel follows it.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  current: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

export function Tabs<K extends string>({ label, tabs, current, onChange, children }: TabsProps<K>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === current);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${baseId}-tab-${tab.key}`)}`)?.focus();
  }

  return (
    <div className="device-tabs">
      <div
        className="device-tabs__list"
        role="tablist"
        aria-label={label}
        ref={listRef}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${baseId}-tab-${tab.key}`}
            type="button"
            role="tab"
            className="device-tabs__tab"
            aria-selected={tab.key === current}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        className="device-tabs__panel"
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${current}`}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
