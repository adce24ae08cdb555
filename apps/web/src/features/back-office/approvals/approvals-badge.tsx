// How many payouts wait for a manager, beside the menu entry and the section's tab: a cashier is
// waiting at the till while the number is not 0. Nothing is shown at 0.
import { useTranslation } from 'react-i18next';
import { usePendingApprovals } from './four-eyes-api';

export function ApprovalsBadge({ accountId }: { accountId: number }) {
  const { t } = useTranslation('backOffice');
  const count = usePendingApprovals(accountId).data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="bo-badge bo-badge--waiting" role="status" aria-label={t('approvals.waiting', { count })}>
      {count}
    </span>
  );
}
