// Guards the signed-in screens: waits for /a/me, sends a signed-out visitor to /authorization, and shows
// the full-page server error when the user query fails with 500.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { apiFailure } from '../../api/api-error';
import { PageLoading } from '../../components/ui/page-loading';
import { useMeQuery } from '../auth/api/auth-api';

export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMeQuery();
  if (me.isLoading) return <PageLoading />;
  if (me.isError) {
    const failure = apiFailure(me.error);
    if (failure.status === 500) {
      return (
        <div className="page-center" role="alert">
          <h1>500</h1>
          <p>{t('serverError')}</p>
        </div>
      );
    }
    return <Navigate to="/authorization" replace />;
  }
  return <>{children}</>;
}
