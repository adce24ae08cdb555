// When a 401 ends the session this screen had (session-slice): reset the API cache, show 'cookie expired'
// and go to /authorization. A user blocked while signed in (403 `user blocked`) is told that instead. A
// 401 to a visitor who was never signed in here ends nothing: the route they asked for decides what they
// see (RequireSession, the unknown-path redirect, the login page).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { baseApi } from '../../api/base-api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';

export function SessionWatcher() {
  const expiredCount = useAppSelector((s) => s.session.expiredCount);
  const endedBy = useAppSelector((s) => s.session.endedBy);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef(expiredCount);

  useEffect(() => {
    if (expiredCount === seen.current) return;
    seen.current = expiredCount;
    dispatch(baseApi.util.resetApiState());
    if (pathname !== '/authorization') {
      const key = endedBy === 'block' ? 'sessionBlocked' : 'cookieExpired';
      dispatch(toastShown({ id: `error:${key}`, kind: 'error', key: `errors:${key}` }));
      void navigate('/authorization', { replace: true });
    }
  }, [expiredCount, endedBy, pathname, dispatch, navigate]);
  return null;
}
