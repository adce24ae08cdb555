// A manager reverses one cashier operation (docs/product.md section 13): a new operation in the ledger,
// linked to the original, with the opposite movement on the same place and float. Nothing is edited.
// The correction's trx is made once per opened form, so a retry of the same press cannot count twice.
import type { Account, LedgerRow } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newTrx } from '../../../lib/trx';
import { useBoCorrectMutation } from '../approvals';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { Money } from '../shared/money';
import { ReasonField } from '../shared/reason-field';

/** A cashier's deposit or withdraw on a place that nothing has corrected, and that corrects nothing. */
export function isCorrectable(row: LedgerRow): boolean {
  const cashMove = row.kind === 'deposit' || row.kind === 'withdraw';
  return cashMove && row.line === 'entries' && row.corrects === undefined && row.corrected_by === undefined;
}

export function CorrectionModal({
  account,
  row,
  onClose,
}: {
  account: Account;
  row: LedgerRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('backOffice');
  const [correct, { isLoading }] = useBoCorrectMutation();
  const form = useFormModal(onClose, isLoading);
  const [correctionTrx] = useState(newTrx);
  const [checked, setChecked] = useState(false);
  const reasonError = form.reason.reason ? null : t('corrections.reasonNeeded');

  async function submit() {
    setChecked(true);
    if (!form.reason.reason) return;
    // By its id too: two callers may have used the same trx (each trx is scoped to its caller).
    const body = {
      trx: row.trx,
      operation_id: row.operation_id,
      correction_trx: correctionTrx,
      reason: form.reason.reason,
    };
    await form.send(correct({ id: account.id, body }), 'corrections.done', {
      place: String(row.place ?? ''),
    });
  }

  return (
    <FormShell
      {...form.shell}
      title={t('corrections.title')}
      submitLabel={t('corrections.submit')}
      submitClassName="button--danger"
      onSubmit={submit}
    >
      <p>
        {t(`ledger.kinds.${row.kind}`)} <Money cents={row.amount} currency={account.currency} /> ·{' '}
        {row.device_name ?? ''} #{row.device_id} · {t('ledger.place', { place: row.place })} ·{' '}
        {row.user_name ?? ''}
      </p>
      <p>{t('corrections.explain')}</p>
      <ReasonField {...form.reasonField} required error={checked ? reasonError : null} />
    </FormShell>
  );
}
