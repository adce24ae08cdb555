// The day-and-time field as a cashier meets it: a correct date or time is never called wrong, whether it
// came from outside (the report's defaults 00:00:00 and 23:59:59) or was typed; a text that is no day or
// time is, once fully typed or left.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DayTimeKind } from '../lib/day-time-text';
import { useDayTimeField } from './use-day-time-field';

const TIME_ERROR = 'No such time: write it on 24 hours, as hh:mm:ss.';
const DAY_ERROR = 'No such date: write the day first, as dd.mm.yyyy.';

/** One field with its value held as a form holds it, and the value shown for the test to read. */
function Field({ kind, initial }: { kind: DayTimeKind; initial: string }) {
  const [value, setValue] = useState(initial);
  const field = useDayTimeField(kind, value, setValue);
  return (
    <>
      <input aria-label="field" {...field.input} />
      {field.error && <span role="alert">{field.error}</span>}
      <output aria-label="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('field');
const shownValue = () => screen.getByLabelText('value').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const leave = () => fireEvent.blur(input());

describe('useDayTimeField', () => {
  it.each(['00:00:00', '23:59:59', '12:30:05'])(
    'never calls the correct time %s wrong, given or typed',
    (time) => {
      render(<Field kind="time" initial={time} />);
      expect(input().value).toBe(time);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(input().getAttribute('aria-invalid')).toBeNull();
      leave();
      expect(screen.queryByRole('alert')).toBeNull();

      type('');
      type(time.replace(/:/g, ''));
      expect(input().value).toBe(time);
      expect(shownValue()).toBe(time);
      expect(screen.queryByRole('alert')).toBeNull();
      leave();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(input().getAttribute('aria-invalid')).toBeNull();
    },
  );

  it('calls a time past 23:59:59 wrong once every digit is typed, keeping the text as the value', () => {
    render(<Field kind="time" initial="23:59:59" />);
    type('24:00:0');
    expect(screen.queryByRole('alert')).toBeNull(); // still being typed
    type('24:00:00');
    expect(screen.getByRole('alert').textContent).toBe(TIME_ERROR);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(shownValue()).toBe('24:00:00');
    type('23:00:00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownValue()).toBe('23:00:00');
  });

  it('calls a half-typed time wrong when the field is left, and a short one right, shown in full', () => {
    render(<Field kind="time" initial="00:00:00" />);
    type('9');
    leave();
    expect(screen.getByRole('alert').textContent).toBe(TIME_ERROR);
    type('9:05');
    expect(screen.queryByRole('alert')).toBeNull();
    leave();
    expect(input().value).toBe('09:05:00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownValue()).toBe('09:05:00');
  });

  it('never calls a correct day wrong, and calls 31.11.2026 wrong under its field', () => {
    render(<Field kind="day" initial="2026-11-27" />);
    expect(input().value).toBe('27.11.2026');
    leave();
    expect(screen.queryByRole('alert')).toBeNull();
    type('31.12.2026');
    leave();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownValue()).toBe('2026-12-31');
    type('31.11.2026');
    expect(screen.getByRole('alert').textContent).toBe(DAY_ERROR);
    expect(shownValue()).toBe('31.11.2026');
  });

  it('leaves an empty field without an error: the form says what is missing', () => {
    render(<Field kind="time" initial="23:59:59" />);
    type('');
    leave();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownValue()).toBe('');
  });
});
