// Tables that page back by id ("Load more"): each page is its own query (a `<tbody>`), asked for with
// `before` = the last id of the page above it, so new rows arriving at the top never shift the pages.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from './failure-text';

export function useCursorPages<T extends { id: number }>(pageSize: number) {
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const [lastPage, setLastPage] = useState<T[] | null>(null);
  const lastId = lastPage?.at(-1)?.id;
  return {
    /** `before` of each page shown; undefined for the newest. */
    cursors,
    /** What page `index` reports its rows to: only the last one matters. */
    reporter: (index: number) => (index === cursors.length - 1 ? setLastPage : undefined),
    empty: cursors.length === 1 && lastPage?.length === 0,
    /** Shows the next page, or null when the last page was not full. */
    more:
      lastPage !== null && lastPage.length === pageSize && lastId !== undefined
        ? () => {
            setLastPage(null);
            setCursors((was) => [...was, lastId]);
          }
        : null,
    /** Back to the newest page (new filters). */
    reset: () => {
      setCursors([undefined]);
      setLastPage(null);
    },
  };
}

interface PageQuery<T> {
  data?: T[] | undefined;
  error?: FetchBaseQueryError | SerializedError | undefined;
}

/** One page's rows, or a row saying it is loading or why it failed. */
export function PageRows<T>({
  page,
  colSpan,
  onRows,
  children,
}: {
  page: PageQuery<T>;
  colSpan: number;
  onRows: ((rows: T[]) => void) | undefined;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation('backOffice');
  useEffect(() => {
    if (page.data) onRows?.(page.data);
  }, [page.data, onRows]);
  if (!page.data) {
    return (
      <tbody>
        <tr>
          <td colSpan={colSpan} role={page.error ? 'alert' : 'status'}>
            {page.error ? failureText(page.error, t) : t('common:loading')}
          </td>
        </tr>
      </tbody>
    );
  }
  return <tbody>{children(page.data)}</tbody>;
}

export function LoadMore({ onMore }: { onMore: (() => void) | null }) {
  const { t } = useTranslation('backOffice');
  if (!onMore) return null;
  return (
    <button type="button" onClick={onMore}>
      {t('ledger.more')}
    </button>
  );
}
