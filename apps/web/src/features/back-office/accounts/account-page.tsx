// One account (an admin's pick, or a manager's own): its name and float over the sections Overview (the
// first), Approvals (with the count of payouts waiting for a manager), Settings, Float, Devices, Ledger,
// Shift report, Drawer shifts, Daily report, Cash report, Players and Audit log, each on its own path.
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { useBoAccountQuery } from '../shared/back-office-api';
import { Money } from '../shared/money';
import { PageHead } from '../shared/page-head';
import { QueryState } from '../shared/query-state';
import { ApprovalsBadge, ApprovalsView } from '../approvals';
import { AuditList } from '../audit';
import { AccountDevices } from '../devices';
import { LedgerView } from '../ledger';
import { FloorOverview } from '../overview';
import { PlayersView } from '../players';
import { CashReportView, DailyReportView, DrawerShifts, ShiftReportView } from '../reports';
import { AccountSettings } from './account-settings';
import { FloatMoves } from './float-moves';
import { SectionTabs } from './section-tabs';
import { blocksText } from './accounts-page';

const SECTIONS = [
  'overview',
  'approvals',
  'settings',
  'float',
  'devices',
  'ledger',
  'shift',
  'shifts',
  'daily',
  'cash-report',
  // After the reports: a phone's strip brings about one tab into sight per press, and the daily report,
  // read every day, stays as near as it was.
  'players',
  'audit',
] as const;

/** A section whose path is not its text's key (paths are kebab-case, keys camelCase). */
const SECTION_TEXT: Partial<Record<(typeof SECTIONS)[number], string>> = { 'cash-report': 'cashReport' };

export function AccountPage() {
  const { t } = useTranslation('backOffice');
  const id = Number(useParams().accountId);
  const { pathname } = useLocation();
  const account = useBoAccountQuery(id, { skip: !Number.isSafeInteger(id) || id <= 0 });
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to="/back-office" replace />;

  return (
    <QueryState query={account}>
      {(a) => (
        <section className="bo-page" aria-labelledby="bo-account-title">
          <PageHead titleId="bo-account-title" title={a.name}>
            <dl className="bo-summary">
              <div>
                <dt>{t('account.float')}</dt>
                <dd>
                  <Money cents={a.balance} currency={a.currency} />
                </dd>
              </div>
              <div>
                <dt>{t('account.limit')}</dt>
                <dd>
                  <Money cents={a.has_overdraft ? -a.overdraft : 0} currency={a.currency} />
                </dd>
              </div>
              <div>
                <dt>{t('account.homePlay')}</dt>
                <dd>{a.home_play ? blocksText(a, t) : t('account.homePlayOff')}</dd>
              </div>
            </dl>
          </PageHead>
          <SectionTabs label={t('account.sections')} current={pathname}>
            {SECTIONS.map((section) => (
              <NavLink
                key={section}
                to={`/back-office/accounts/${a.id}/${section}`}
                className={({ isActive }) =>
                  isActive ? 'bo-tabs__link bo-tabs__link--active' : 'bo-tabs__link'
                }
              >
                {t(`account.section.${SECTION_TEXT[section] ?? section}`)}
                {section === 'approvals' && <ApprovalsBadge accountId={a.id} />}
              </NavLink>
            ))}
          </SectionTabs>
          <Routes>
            <Route index element={<Navigate to="overview" replace />} />
            <Route path="overview" element={<FloorOverview account={a} />} />
            <Route path="settings" element={<AccountSettings account={a} />} />
            <Route path="approvals" element={<ApprovalsView account={a} />} />
            <Route path="float" element={<FloatMoves account={a} />} />
            <Route path="devices" element={<AccountDevices account={a} />} />
            <Route path="players" element={<PlayersView account={a} />} />
            <Route path="ledger" element={<LedgerView account={a} />} />
            <Route path="shift" element={<ShiftReportView account={a} />} />
            <Route path="shifts" element={<DrawerShifts account={a} />} />
            <Route path="daily" element={<DailyReportView account={a} />} />
            <Route path="cash-report" element={<CashReportView account={a} />} />
            <Route path="audit" element={<AuditList accountId={a.id} headingLevel={2} />} />
            <Route path="*" element={<Navigate to="overview" replace />} />
          </Routes>
        </section>
      )}
    </QueryState>
  );
}
