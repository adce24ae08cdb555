// The audit log page: every back-office change for an admin, their own account's for a manager.
import { useMe } from '../../../api/auth-api';
import { AuditList } from './audit-list';

export function AuditPage() {
  const me = useMe();
  const accountId = me?.role === 'manager' ? me.account_id : null;
  return (
    <div className="bo-page">
      <AuditList accountId={accountId} headingLevel={1} />
    </div>
  );
}
