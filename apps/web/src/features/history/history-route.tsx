// The /history route: only with can_view_history_reports (else /devices with the 'no page' toast, docs/product.md
// section 2). The page itself is a separate chunk, loaded when first opened.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { useMe } from '../../api/auth-api';
import { toastShown } from '../../store/toasts-slice';

const HistoryPage = lazy(() => import('./history-page').then((module) => ({ default: module.HistoryPage })));

export function HistoryRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const loading = (
    <p className="page-center" role="status">
      {t('loading')}
    </p>
  );
  // The signed-in frame has the user already; this waits only where it does not (a direct render).
  if (!me) return loading;
  if (!me.restrictions.includes('can_view_history_reports')) return <NoPage />;
  return (
    <Suspense fallback={loading}>
      <HistoryPage />
    </Suspense>
  );
}

function NoPage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(toastShown({ id: 'error:noPage', kind: 'error', key: 'common:noPage' }));
  }, [dispatch]);
  return <Navigate to="/devices" replace />;
}
