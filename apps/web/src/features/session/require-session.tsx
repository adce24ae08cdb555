// Guards the signed-in screens: waits for /a/me, sends a signed-out visitor to /authorization, and shows
// the full-page server error when the user query fails with 500. A visitor who was never signed in on
// this screen and opened a signed-in screen (a bookmark of /devices, a reload after the session ended
// elsewhere) is told 'You need to log in first' (docs/product.md section 8: the user query's 401 shows
// 'unauthorized'); a session that ends while in use gets 'cookie expired' from the SessionWatcher instead
// (or, for a user blocked meanwhile, the blocked text, which a page opened after the block shows too).
import { ERR } from '@cashdesk/contract';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/ui/page-loading';
import { useMeQuery } from '../../api/auth-api';
import { isFirstLoad } from '../../api/base-api';
import { toastShown } from '../../store/toasts-slice';

export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // What the guard reads, so a refetch of the session that changes nothing re-renders nothing.
  const me = useMeQuery(undefined, {
    selectFromResult: (result) => ({
      isLoading: isFirstLoad(result),
      isError: result.isError,
      error: result.error,
    }),
  });
  const seen = useAppSelector((s) => s.session.seen);
  const failure = me.isError ? apiFailure(me.error) : null;
  // Not signed in ('unauthorized'), or blocked meanwhile (told so, not sent to sign in without a word):
  // the error text, a value that stays the same from render to render, so the toast shows once.
  const told =
    !seen && failure && (failure.status === 401 || failure.err === ERR.userBlocked) ? failure.err : undefined;
  useEffect(() => {
    if (told === undefined) return;
    const status = told === ERR.userBlocked ? 403 : 401;
    dispatch(toastShown(errorToast({ status, err: told, details: {} }, 'me')));
  }, [told, dispatch]);

  if (me.isLoading) return <PageLoading />;
  if (failure) {
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
