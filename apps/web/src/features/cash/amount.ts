// Amount entry of the cash-manage modal (docs/product.md section 5): what the numpad and the amount field accept,
// and its conversion to cents. The text is kept as typed; money is only ever handled as integer cents.
import { AMOUNT_MAX_LENGTH, parseAmountToCents } from '@cashdesk/contract';
import type { ChangeEvent } from 'react';
import type { NumpadKey } from '../../components/ui/numpad';

/** Digits with at most one point and at most 2 decimals, at most AMOUNT_MAX_LENGTH characters. */
const AMOUNT_TEXT = /^\d*(?:\.\d{0,2})?$/;

export function isValidAmountText(text: string): boolean {
  return text.length <= AMOUNT_MAX_LENGTH && AMOUNT_TEXT.test(text);
}

/**
 * Brings a candidate text into its canonical shape: a comma typed as a decimal separator is a point,
 * a lone '.' becomes '0.', and a leading zero before a digit is dropped ('05' -> '5').
 */
function normalize(text: string): string {
  let out = text.replace(/,/g, '.');
  if (out.startsWith('.')) out = `0${out}`;
  while (/^0\d/.test(out)) out = out.slice(1);
  return out;
}

/** The text after a numpad key (or its keyboard twin); a key that would break a rule is ignored. */
export function applyAmountKey(text: string, key: NumpadKey): string {
  if (key === 'backspace') return text.slice(0, -1);
  const next = normalize(text + key);
  return isValidAmountText(next) ? next : text;
}

/** What a typed or pasted change of the amount field becomes: accepted when valid, else the old text. */
export function sanitizeAmountInput(next: string, previous: string): string {
  const candidate = normalize(next.trim());
  return isValidAmountText(candidate) ? candidate : previous;
}

/**
 * The props of an amount's text input: the text under these rules, `0.00` before anything is typed, no
 * autocomplete; `numpadOnly` (a phone, the numpad beside it) makes it read-only, so the system keyboard
 * never covers the form.
 */
export function amountInputProps(value: string, onChange: (text: string) => void, numpadOnly: boolean) {
  return {
    value,
    placeholder: '0.00',
    inputMode: numpadOnly ? 'none' : 'decimal',
    autoComplete: 'off',
    readOnly: numpadOnly,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange(sanitizeAmountInput(event.target.value, value)),
  } as const;
}

/** Cents of an amount text: 0 for an empty field, null for a text that is not an amount. */
export function amountTextToCents(text: string): number | null {
  if (text === '') return 0;
  if (!isValidAmountText(text)) return null;
  return parseAmountToCents(text);
}

/** The text shown for a whole number of units (a quick amount). */
export function unitsToAmountText(units: number): string {
  return String(units);
}
