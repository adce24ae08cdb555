// Logout: end the session on the server, then leave for /authorization and drop every cached answer.
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { apiFailure } from '../../api/api-error';
import { baseApi } from '../../api/base-api';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { useSignOutMutation } from '../../api/auth-api';
import { signedOut } from './session-slice';
import { toastShown } from '../../store/toasts-slice';

export function useLogout() {
  const [signOut, { isLoading }] = useSignOutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logout = useCallback(async () => {
    const result = await signOut();
    if (result.error) {
      const failure = apiFailure(result.error);
      // A 401 means the session had already ended: the session watcher takes over. Any other failure
      // leaves the session alive on the server, so the terminal must not pretend it is signed out.
      if (failure.status !== 401) dispatch(toastShown(errorToast(failure)));
      return;
    }
    // Flag the sign-out first (the login page then does not ask /a/me), then leave; the cache is
    // reset as the signed-in screens unmount (useResetApiOnSignedOutExit).
    dispatch(signedOut());
    await navigate('/authorization', { replace: true });
  }, [signOut, dispatch, navigate]);

  return { logout, isLoggingOut: isLoading };
}

/**
 * Drops every cached answer when the signed-in frame unmounts after a sign-out. Not earlier: a reset
 * while the screens are still mounted makes them refetch with the dead cookie, and the 401 would show
 * 'session expired' for a deliberate logout. Leaving the frame while signed in keeps the cache.
 */
export function useResetApiOnSignedOutExit() {
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch((innerDispatch, getState) => {
        if (getState().session.isSignOut) innerDispatch(baseApi.util.resetApiState());
      });
    },
    [dispatch],
  );
}
