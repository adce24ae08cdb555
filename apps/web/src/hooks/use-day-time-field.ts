// A date or time form field that reads day first and 24-hour in the app's language whatever the browser's
// locale (Chromium writes a native date input the browser's way): a text input with a numeric keyboard, its format as a hint, the text masked
// as it is typed (lib/day-time-text.ts) and its error in words. The field's value stays an ISO day
// (2026-11-27) or HH:mm:ss when the text is one, '' when empty, and the text itself while it is not one.
import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dayTimeText,
  dayTimeValue,
  isDayTimeText,
  isFullDayTimeText,
  maskDayTimeText,
  type DayTimeKind,
} from '../lib/day-time-text';

export interface DayTimeField {
  /** Spread on the <input>: type text, inputMode numeric, the shown text, its change and blur. */
  input: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'spellCheck' | 'placeholder' | 'value' | 'onChange' | 'onBlur'
  > & { 'aria-invalid'?: true };
  /** The format to type, e.g. "dd.mm.yyyy" ("dd.mm.aaaa" in Spanish): shown beside the field. */
  hint: string;
  /** Why the text is no day or time, once it is fully typed or the field is left; else null. */
  error: string | null;
}

export function useDayTimeField(
  kind: DayTimeKind,
  value: string,
  onValueChange: (value: string) => void,
): DayTimeField {
  const { t } = useTranslation('common');
  // The text typed, with the value it gave: a value changed from outside (Reset, another offset) shows anew.
  const [typed, setTyped] = useState({ text: dayTimeText(value, kind), value });
  const [left, setLeft] = useState(false);
  if (typed.value !== value) setTyped({ text: dayTimeText(value, kind), value });
  const text = typed.value === value ? typed.text : dayTimeText(value, kind);

  // Wrong is a text that reads as no day or time. Not "a value equal to its text": a time's value is
  // written as it is shown (23:59:59), so that test would call every correct time wrong.
  const wrong = text.trim() !== '' && !isDayTimeText(text, kind);
  const error = wrong && (left || isFullDayTimeText(text, kind)) ? t(`dayTime.${kind}Invalid`) : null;

  function change(event: ChangeEvent<HTMLInputElement>) {
    const next = maskDayTimeText(event.target.value, kind);
    const nextValue = dayTimeValue(next, kind);
    setTyped({ text: next, value: nextValue });
    setLeft(false);
    if (nextValue !== value) onValueChange(nextValue);
  }
  function blur() {
    setLeft(true);
    // A day or a time written short (1.3.2026, 9:05) is shown in full once the field is left.
    if (!wrong) setTyped({ text: dayTimeText(value, kind), value });
  }

  const hint = t(`dayTime.${kind}Hint`);
  return {
    input: {
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      spellCheck: false,
      placeholder: hint,
      value: text,
      onChange: change,
      onBlur: blur,
      ...(error ? { 'aria-invalid': true as const } : {}),
    },
    hint,
    error,
  };
}
