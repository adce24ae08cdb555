// The console (loaded lazily, default export for React.lazy): its translations, its frame and its pages
// under /back-office. An admin starts at the accounts, a manager at their own venue's overview.
import { Navigate, Route, Routes } from 'react-router';
import i18n from '../../i18n/i18n';
import { addBackOfficeCatalogues } from '../../i18n/back-office-resources';
import { useMe } from '../../api/auth-api';
import { BackOfficeLayout } from './back-office-layout';
import { AccountPage, AccountsPage } from './accounts';
import { AuditPage } from './audit';
import { ReconciliationPage } from './ledger';
import { UsersPage } from './users';
import './back-office.css';

addBackOfficeCatalogues(i18n);

/** The first screen of the console for this user. */
function Home() {
  const me = useMe();
  if (me?.role === 'manager' && me.account_id !== null) {
    return <Navigate to={`/back-office/accounts/${me.account_id}/overview`} replace />;
  }
  return <Navigate to="/back-office/accounts" replace />;
}

/** Accounts list: admins only; a manager has one account and goes straight to it. */
function Accounts() {
  const me = useMe();
  return me?.role === 'admin' ? <AccountsPage /> : <Home />;
}

export default function BackOfficeApp() {
  return (
    <Routes>
      <Route element={<BackOfficeLayout />}>
        <Route index element={<Home />} />
        <Route path="accounts" element={<Accounts />} />
        <Route path="accounts/:accountId/*" element={<AccountPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="reconciliation" element={<ReconciliationPage />} />
        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}
