// A query's loading and failure states said the same way on every page; its data handed to children.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from './failure-text';

interface QueryLike<T> {
  data?: T | undefined;
  error?: FetchBaseQueryError | SerializedError | undefined;
  isLoading: boolean;
}

export function QueryState<T>({
  query,
  children,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('backOffice');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <p role="alert" className="bo-alert">
        {failureText(query.error, t)}
      </p>
    );
  }
  return (
    <p role="status" className="bo-muted">
      {t('common:loading')}
    </p>
  );
}
