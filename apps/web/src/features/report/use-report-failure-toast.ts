// A failed report call shows its toast (docs/product.md section 8); a 401 is left to the session watcher.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';

export type ReportError = FetchBaseQueryError | SerializedError | undefined;

export function useReportFailureToast(): (error: ReportError) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (error) => {
      const failure = apiFailure(error);
      if (failure.status !== 401) dispatch(toastShown(errorToast(failure)));
    },
    [dispatch],
  );
}
