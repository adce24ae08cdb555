// The period fields of a report: GMT offset, from date and time, to date and time (docs/product.md sections 2 and
// 5). Dates are limited to 2024-12-18 .. today at the chosen offset; times have seconds. The problem
// that keeps Save or submit disabled is said under the fields.
import { GMT_OFFSETS } from '@cashdesk/contract';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [field]: event.target.value });
  const idOf = (field: Field) => `${baseId}-${field}`;

  const dateField = (field: 'fromDate' | 'toDate') => (
    <div className="range-fields__field">
      <label htmlFor={idOf(field)}>{t(`range.${field}`)}</label>
      <input
        id={idOf(field)}
        type="date"
        min={min}
        max={max}
        required
        value={value[field]}
        onChange={update(field)}
      />
    </div>
  );
  const timeField = (field: 'fromTime' | 'toTime') => (
    <div className="range-fields__field">
      <label htmlFor={idOf(field)}>{t(`range.${field}`)}</label>
      {/* step 1: the field shows and sends seconds (HH:mm:ss) */}
      <input id={idOf(field)} type="time" step={1} required value={value[field]} onChange={update(field)} />
    </div>
  );

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
      {dateField('fromDate')}
      {timeField('fromTime')}
      {dateField('toDate')}
      {timeField('toTime')}
      <p id={problemId} className="range-fields__problem" aria-live="polite">
        {problem ? t(`range.problem.${problem}`, { min: formatDay(min), max: formatDay(max) }) : ''}
      </p>
    </div>
  );
}
