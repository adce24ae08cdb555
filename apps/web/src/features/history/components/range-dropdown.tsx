// The history's date-range dropdown (docs/product.md section 2): a button naming the period, opening the period
// fields with Reset (back to today, 00:00:00 to 23:59:59) and Save (disabled until every field is set).
// Nothing changes on the page until Save. Escape or a press outside closes it without saving.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RangeFields,
  defaultRange,
  rangeProblem,
  type ReportRange,
  formatPeriod,
  offsetLabel,
} from '../../report';

export interface RangeDropdownProps {
  value: ReportRange;
  onSave: (range: ReportRange) => void;
}

export function RangeDropdown({ value, onSave }: RangeDropdownProps) {
  const { t } = useTranslation('history');
  const panelId = useId();
  const problemId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  // "Today" is read when the dropdown opens: a page left open past midnight offers the new day.
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('select, input')?.focus();
    const closeOnPressOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnPressOutside);
    return () => document.removeEventListener('pointerdown', closeOnPressOutside);
  }, [open]);

  function show() {
    setDraft(value);
    setNowMs(Date.now());
    setOpen(true);
  }

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    // Escape closes the dropdown only; it must not also leave the page (see useEscapeTo).
    event.preventDefault();
    event.stopPropagation();
    close();
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (rangeProblem(draft, nowMs) !== null) return;
    onSave(draft);
    close();
  }

  return (
    <div className="range-dropdown" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="range-dropdown__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : show())}
      >
        <span className="range-dropdown__label">{t('range.label')}</span>
        <span className="range-dropdown__period">
          {formatPeriod(value)} ({offsetLabel(value.offset)})
        </span>
      </button>
      {open && (
        <form
          ref={panelRef}
          id={panelId}
          className="range-dropdown__panel"
          aria-label={t('range.label')}
          onSubmit={save}
          noValidate
        >
          <RangeFields value={draft} onChange={setDraft} nowMs={nowMs} problemId={problemId} />
          <div className="range-dropdown__actions">
            <button type="button" onClick={() => setDraft(defaultRange(nowMs))}>
              {t('range.reset')}
            </button>
            <button
              type="submit"
              className="button--primary"
              disabled={rangeProblem(draft, nowMs) !== null}
              aria-describedby={problemId}
            >
              {t('common:save')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
