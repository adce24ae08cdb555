// The route elements that keep cashiers and the console apart, in the main bundle: a cashier asking for
// /back-office is sent to /devices, an admin or a manager on the cashier screens to the console. The
// console's code (React.lazy) and its translations are fetched only when it opens.
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../../api/auth-api';
import { BACK_OFFICE_PATH, isBackOfficeUser } from '../../lib/home-path';

const BackOfficeApp = lazy(() => import('./back-office-app'));

/** Inside RequireSession: the user is known. */
export function BackOfficeEntry() {
  const { t } = useTranslation();
  const user = useMe();
  if (!isBackOfficeUser(user)) return <Navigate to="/devices" replace />;
  return (
    <Suspense
      fallback={
        <div className="page-center" role="status">
          {t('loading')}
        </div>
      }
    >
      <BackOfficeApp />
    </Suspense>
  );
}

/** Around the cashier screens: admins and managers have no till, their screens are the console's. */
export function CashierOnly({ children }: { children: ReactNode }) {
  const user = useMe();
  if (isBackOfficeUser(user)) return <Navigate to={BACK_OFFICE_PATH} replace />;
  return <>{children}</>;
}
