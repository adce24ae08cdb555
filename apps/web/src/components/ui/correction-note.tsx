// A cash operation's correction link, wherever a cashier reads operations (History, a place's last
// operations, the device's history): "Corrected by …" on the original, "Corrects …" on the manager's
// correction, with its reason (docs/product.md section 13). Nothing for an operation without one.
import type { ReportEntry } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { shortenTrx } from '../../lib/trx';
import './correction-note.css';

export function CorrectionNote({
  entry,
}: {
  entry: Pick<ReportEntry, 'corrects' | 'corrected_by' | 'correction_reason'>;
}) {
  const { t } = useTranslation('common');
  const other = entry.corrected_by ?? entry.corrects;
  if (other === undefined) return null;
  // As the screens shorten a trx, so the other row of the pair is found by the same characters.
  const trx = shortenTrx(other);
  return (
    <span className="correction-note" title={other}>
      {entry.corrected_by !== undefined
        ? t('correction.correctedBy', { trx })
        : t('correction.corrects', { trx })}
      {entry.correction_reason ? ` · ${entry.correction_reason}` : ''}
    </span>
  );
}
