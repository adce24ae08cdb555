// The drawer count of the open and the close (docs/product.md section 17): the total on the numpad, as
// before, or the notes and coins of the venue's currency one by one, which the server sums and keeps with
// the shift. Either way the cashier never sees what the system expects.
import { countTotalCents, denominationsOf, formatCents, type DenominationLine } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { CountEntry, CountForm, countToCents } from './count-entry';

export interface DrawerCountValue {
  counted_cents: number;
  /** Every note and coin of the currency with its quantity (0 for none); left out for a total. */
  denominations?: DenominationLine[];
}

/** What a count sends: the same trx for the same count (use-count-submit.ts). */
export function countKey(value: DrawerCountValue): string {
  return JSON.stringify(value);
}

/** A quantity as typed: digits only, at most 7 (a million of one note is past any drawer). */
function sanitizeQuantity(text: string): string {
  return text.replace(/\D/g, '').slice(0, 7);
}

/** What the cashier has entered, held by the screen so a step away and back keeps it (the close's check). */
export function useDrawerCountState() {
  const [byNotes, setByNotes] = useState(false);
  const [text, setText] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  return { byNotes, setByNotes, text, setText, quantities, setQuantities };
}

export interface DrawerCountFormProps {
  state: ReturnType<typeof useDrawerCountState>;
  currency?: string | undefined;
  busy: boolean;
  label: string;
  submitLabel: string;
  onSubmit: (value: DrawerCountValue) => void;
}

export function DrawerCountForm({
  state,
  currency,
  busy,
  label,
  submitLabel,
  onSubmit,
}: DrawerCountFormProps) {
  const { t } = useTranslation('shift');
  const { byNotes, setByNotes, text, setText, quantities, setQuantities } = state;
  const [error, setError] = useState<string | null>(null);
  const { notes, coins } = denominationsOf(currency ?? 'EUR');
  const lines = [...notes, ...coins].map((value_cents) => ({
    value_cents,
    quantity: Number(quantities[value_cents] || 0),
  }));
  const total = countTotalCents(lines);

  return (
    <>
      <button
        type="button"
        className="shift-count__mode"
        disabled={busy}
        onClick={() => setByNotes(!byNotes)}
      >
        {t(byNotes ? 'count.byAmount' : 'count.byNotes')}
      </button>
      {byNotes ? (
        <CountForm
          busy={busy}
          onSubmit={() => onSubmit({ counted_cents: total, denominations: lines })}
          submitLabel={submitLabel}
        >
          {(
            [
              ['count.notes', notes],
              ['count.coins', coins],
            ] as const
          ).map(([heading, values]) => (
            <fieldset key={heading} className="denominations">
              <legend>{t(heading)}</legend>
              {values.map((value) => (
                <label key={value} className="denominations__line">
                  <span className="denominations__value">{formatCents(value)}</span>
                  <input
                    className="denominations__quantity"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="0"
                    aria-label={t('count.quantity', { value: formatMoney(value, currency) })}
                    value={quantities[value] ?? ''}
                    readOnly={busy}
                    onChange={(event) =>
                      setQuantities({ ...quantities, [value]: sanitizeQuantity(event.target.value) })
                    }
                  />
                  <span className="denominations__sum">
                    {formatCents(value * Number(quantities[value] || 0))}
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
          <p className="denominations__total" aria-live="polite">
            <span>{t('count.total')}</span> <strong>{formatMoney(total, currency)}</strong>
          </p>
        </CountForm>
      ) : (
        <CountEntry
          value={text}
          onChange={(next) => {
            setText(next);
            setError(null);
          }}
          onSubmit={() => {
            const counted = countToCents(text);
            if (counted === null) setError(t('countRequired'));
            else onSubmit({ counted_cents: counted });
          }}
          busy={busy}
          label={label}
          submitLabel={submitLabel}
          currency={currency}
          error={error}
        />
      )}
    </>
  );
}
