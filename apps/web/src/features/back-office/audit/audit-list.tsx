// The audit log: who changed what, when, from what to what, and why; newest first, paged back by id.
// Every entry of the back office for an admin, one account's for its manager. People, devices and venues
// by the names they have now (their login or id beside), money with the venue's currency.
import {
  AUDIT_ACTIONS,
  isAuditMoneyField,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
} from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useBoAuditQuery } from '../shared/back-office-api';
import { LoadMore, PageRows, useCursorPages } from '../shared/cursor-pages';
import { SelectField } from '../shared/fields';
import { formatDateTime } from '../shared/units';

export const AUDIT_PAGE_SIZE = 50;

export function AuditList({ accountId, headingLevel }: { accountId: number | null; headingLevel: 1 | 2 }) {
  const { t } = useTranslation('backOffice');
  const [action, setAction] = useState<AuditAction | ''>('');
  const pages = useCursorPages<AuditEntry>(AUDIT_PAGE_SIZE);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  function choose(next: string) {
    setAction(next as AuditAction | '');
    pages.reset();
  }

  return (
    <section className="bo-section" aria-labelledby="bo-audit-title">
      <Heading id="bo-audit-title">{t('audit.title')}</Heading>
      <div className="bo-filters">
        <SelectField label={t('audit.action')} value={action} onChange={(e) => choose(e.target.value)}>
          <option value="">{t('ledger.all')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`audit.actions.${a}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <table className="bo-table bo-table--dense" aria-labelledby="bo-audit-title">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.change')}</th>
            <th scope="col">{t('audit.reason')}</th>
          </tr>
        </thead>
        {pages.cursors.map((before, index) => (
          <AuditPage
            key={`${action}:${before ?? 'first'}`}
            accountId={accountId}
            query={{
              limit: String(AUDIT_PAGE_SIZE),
              ...(action ? { action } : {}),
              ...(before !== undefined ? { before: String(before) } : {}),
            }}
            onRows={pages.reporter(index)}
          />
        ))}
      </table>
      {pages.empty && <p className="bo-muted">{t('audit.empty')}</p>}
      <LoadMore onMore={pages.more} />
    </section>
  );
}

function AuditPage({
  accountId,
  query,
  onRows,
}: {
  accountId: number | null;
  query: AuditQuery;
  onRows: ((rows: AuditEntry[]) => void) | undefined;
}) {
  const { t } = useTranslation('backOffice');
  const page = useBoAuditQuery({ accountId, query });
  return (
    <PageRows page={page} colSpan={6} onRows={onRows}>
      {(rows) =>
        rows.map((e) => (
          <tr key={e.id}>
            <td data-label={t('audit.when')}>{formatDateTime(e.created_at)}</td>
            <td data-label={t('audit.who')}>
              {e.actor_id === null ? (
                t('ledger.operator')
              ) : (
                <Named name={e.actor_name} detail={e.actor_login} />
              )}
            </td>
            <td data-label={t('audit.action')}>{t(`audit.actions.${e.action}`)}</td>
            <td data-label={t('audit.target')}>
              <Named name={e.target_name} detail={t(`audit.targets.${e.target_type}`, { id: e.target_id })} />
            </td>
            <td data-label={t('audit.change')}>
              <ChangeList entry={e} />
            </td>
            <td data-label={t('audit.reason')} className="bo-table__reason">
              {e.reason ?? ''}
            </td>
          </tr>
        ))
      }
    </PageRows>
  );
}

/** A name, with what identifies it beside (a login, "User 4"); that alone when the name is gone. */
function Named({ name, detail }: { name: string | null; detail: string }) {
  if (name === null || name === detail) return <>{detail}</>;
  return (
    <>
      {name} <span className="bo-muted">{detail}</span>
    </>
  );
}

/** One line per changed field: `field: before → after`, money with the venue's currency. */
function ChangeList({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return null;
  const show = (field: string, value: unknown) =>
    value === undefined
      ? '—'
      : isAuditMoneyField(field) && typeof value === 'number' && Number.isSafeInteger(value)
        ? formatMoney(value, entry.currency)
        : JSON.stringify(value);
  return (
    <ul className="bo-changes">
      {fields.map((field) => (
        <li key={field}>
          <code>{field}</code>: {entry.before ? `${show(field, entry.before[field])} → ` : ''}
          {show(field, entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}
