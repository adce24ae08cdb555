// Locks the till of this session (the Lock button, auto-lock). A failure that leaves the till open is
// said in a toast; a 401 is left to the session watcher.
import { useCallback } from 'react';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { useLockTillMutation } from './api/lock-api';

export function useLockTill() {
  const [lockTill, { isLoading }] = useLockTillMutation();
  const dispatch = useAppDispatch();
  const lock = useCallback(async () => {
    const result = await lockTill();
    if (!result.error) return;
    const failure = apiFailure(result.error);
    if (failure.status !== 401) dispatch(toastShown(errorToast(failure)));
  }, [lockTill, dispatch]);
  return { lock, isLocking: isLoading };
}
