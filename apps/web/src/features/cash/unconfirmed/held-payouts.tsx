// The till's lasting place for payouts held for a manager (four eyes, docs/product.md section 12): those
// still waiting, and how each ended, until the cashier dismisses it. A 1.5 s toast named neither the
// device's id (two devices may share a name) nor a decline's reason, and afterwards nothing said whether
// to hand over the cash. Its texts come with this part (locales/en/held-payouts.json).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import heldPayoutsTexts from '../../../i18n/locales/en/held-payouts.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { formatShortDate } from '../../../lib/date-time';
import { formatMoney } from '../../../lib/money';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { HeldOutcome } from './held-outcome';
import { dismissHeldOutcome } from './held-outcome-actions';
import { UnconfirmedNotice } from './unconfirmed-notice';
import type { UnconfirmedOperation } from './unconfirmed-operation';

addPartTexts(i18n, 'cash', heldPayoutsTexts);

export function HeldPayouts({ waiting }: { waiting: readonly UnconfirmedOperation[] }) {
  const { t } = useTranslation('cash');
  const titleId = useId();
  const outcomes = useAppSelector((s) => s.unconfirmed.outcomes);
  if (waiting.length === 0 && outcomes.length === 0) return null;
  return (
    <section className="unconfirmed-list held-payouts" aria-labelledby={titleId}>
      {/* Not a heading: it comes before the screen's own h1. */}
      <p id={titleId} className="unconfirmed-list__title">
        {t('heldPayouts.title')}
      </p>
      <ul>
        {waiting.map((op) => (
          <li key={op.trx}>
            <UnconfirmedNotice operation={op} at="venue" />
          </li>
        ))}
        {/* The newest decision first: it is the one the cashier is about to act on. */}
        {[...outcomes].reverse().map((outcome) => (
          <li key={outcome.trx}>
            <HeldOutcomeNotice outcome={outcome} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HeldOutcomeNotice({ outcome }: { outcome: HeldOutcome }) {
  const { t } = useTranslation('cash');
  const dispatch = useAppDispatch();
  const money = (cents: number) => formatMoney(cents, outcome.currency);
  const paidLess = outcome.kind === 'paid' && outcome.left !== undefined;
  const headline = t(`heldPayouts.outcome.${paidLess ? 'paidLess' : outcome.kind}`, {
    paid: money(outcome.paid ?? 0),
    left: money(outcome.left ?? 0),
  });
  const where = t('unconfirmed.where', {
    device: outcome.deviceName,
    id: outcome.deviceId,
    place: outcome.place,
  });
  const pay = outcome.kind === 'paid';
  return (
    <div
      className={`unconfirmed-notice held-outcome held-outcome--${pay ? 'pay' : 'keep'}`}
      data-trx={outcome.trx}
    >
      <p>
        <strong>{headline}</strong>
      </p>
      <p className="unconfirmed-notice__what">
        {t('unconfirmed.what', {
          operation: t(`actions.${outcome.cashKind}`),
          amount: money(outcome.amount),
          time: formatShortDate(new Date(outcome.at).toISOString()),
        })}
      </p>
      <p>{where}</p>
      {outcome.reason !== undefined && <p>{t('heldPayouts.reason', { reason: outcome.reason })}</p>}
      {outcome.refusal && <p>{t(outcome.refusal.key, outcome.refusal.params)}</p>}
      <button
        type="button"
        className="unconfirmed-notice__check"
        aria-label={t('heldPayouts.dismissLabel', { outcome: headline, where })}
        onClick={() => dispatch(dismissHeldOutcome(outcome))}
      >
        {t('heldPayouts.dismiss')}
      </button>
    </div>
  );
}
