// The period fields of a report: GMT offset, from date and time, to date and time (docs/product.md sections 2 and
// 5). Dates are limited to 2024-12-18 .. today at the chosen offset; times have seconds. Dates are typed day
// first and times on 24 hours, whatever the browser's locale (hooks/use-day-time-field.ts).
// The problem that keeps Save or submit disabled is said under the fields.
import { GMT_OFFSETS } from '@cashdesk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDayTimeField } from '../../../hooks/use-day-time-field';
import type { DayTimeKind } from '../../../lib/day-time-text';
import { dateBounds, FALLBACK_OFFSET, rangeProblem, withOffset, type ReportRange } from '../range';
import { formatDay, offsetLabel } from '../range-format';
import '../report.css';

export interface RangeFieldsProps {
  value: ReportRange;
  onChange: (next: ReportRange) => void;
  /** The moment "today" is taken at. */
  nowMs: number;
  /** The id of the problem text, for the button it disables (aria-describedby). */
  problemId?: string;
}

type Field = keyof ReportRange;

export function RangeFields({ value, onChange, nowMs, problemId }: RangeFieldsProps) {
  const { t } = useTranslation('report');
  const baseId = useId();
  const { min, max } = dateBounds(value.offset || FALLBACK_OFFSET, nowMs);
  const problem = rangeProblem(value, nowMs);
  const idOf = (field: Field) => `${baseId}-${field}`;

  return (
    <div className="range-fields">
      <div className="range-fields__field range-fields__offset">
        <label htmlFor={idOf('offset')}>{t('range.offset')}</label>
        <select
          id={idOf('offset')}
          value={value.offset}
          onChange={(event) => onChange(withOffset(value, event.target.value, nowMs))}
        >
          {GMT_OFFSETS.map((offset) => (
            <option key={offset} value={offset}>
              {offsetLabel(offset)}
            </option>
          ))}
        </select>
      </div>
      {(['fromDate', 'fromTime', 'toDate', 'toTime'] as const).map((field) => (
        <DayTimeInput
          key={field}
          id={idOf(field)}
          kind={field.endsWith('Date') ? 'day' : 'time'}
          label={t(`range.${field}`)}
          value={value[field]}
          onValueChange={(text) => onChange({ ...value, [field]: text })}
        />
      ))}
      <p id={problemId} className="range-fields__problem" aria-live="polite">
        {problem ? t(`range.problem.${problem}`, { min: formatDay(min), max: formatDay(max) }) : ''}
      </p>
    </div>
  );
}

/** A date or a time of the period: its label, the text field, the format to type and the field's error. */
function DayTimeInput({
  id,
  kind,
  label,
  value,
  onValueChange,
}: {
  id: string;
  kind: DayTimeKind;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const field = useDayTimeField(kind, value, onValueChange);
  const described = field.error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className="range-fields__field">
      <div className="range-fields__label">
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-hint`} className="range-fields__hint">
          {field.hint}
        </span>
      </div>
      <input id={id} required maxLength={10} aria-describedby={described} {...field.input} />
      {field.error && (
        <span id={`${id}-error`} className="range-fields__error">
          {field.error}
        </span>
      )}
    </div>
  );
}
