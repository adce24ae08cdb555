// The venue at a glance, the manager's first screen (docs/back-office.md, "The overview"): open alerts,
// what waits for the manager, the float and today's cash with a chart by hour beside yesterday's, the
// devices by state and the cashiers with an open shift. Live: the layout holds the venue's stream and a
// change refetches it (use-floor-live.ts); it polls slowly beside that.
import type { Account, Approval, FloorOverview as Overview } from '@cashdesk/contract';
import type { TFunction } from 'i18next';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBoFloorOverviewQuery } from './floor-api';
import { useBoApprovalsQuery } from '../approvals';
import { HourChart } from './hour-chart';
import { Money } from '../shared/money';
import { QueryState } from '../shared/query-state';
import { venueTime } from '../reports';
import { formatDateTime } from '../shared/units';
import { FloorLiveContext, useFloorPollInterval } from './use-floor-live';
import { FloorAlerts, NotifyToggle } from './floor-alerts';

export function FloorOverview({ account }: { account: Account }) {
  const { t } = useTranslation('backOffice');
  const pollingInterval = useFloorPollInterval();
  const { connected } = useContext(FloorLiveContext);
  const overview = useBoFloorOverviewQuery(account.id, { pollingInterval });
  const approvals = useBoApprovalsQuery({ id: account.id, status: 'pending' }, { pollingInterval });

  return (
    <section className="bo-section bo-floor" aria-labelledby="bo-floor-title">
      <div className="bo-floor__head">
        <h2 id="bo-floor-title">{t('account.section.overview')}</h2>
        <p className="bo-muted bo-floor__live">{connected ? t('floor.live') : t('floor.polled')}</p>
        <NotifyToggle />
      </div>
      <QueryState query={overview}>
        {(o) => (
          <>
            <FloorAlerts accountId={account.id} alerts={o.alerts} />
            <Waiting accountId={account.id} approvals={approvals.data ?? []} currency={o.currency} />
            <Cash overview={o} />
            <div className="bo-floor__grid">
              <Devices overview={o} />
              <Cashiers overview={o} />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The approvals waiting for the manager; decided on the approvals page. Not shown when none wait. */
function Waiting({
  accountId,
  approvals,
  currency,
}: {
  accountId: number;
  approvals: readonly Approval[];
  currency: string;
}) {
  const { t } = useTranslation('backOffice');
  if (approvals.length === 0) return null;
  return (
    <section className="bo-section" aria-labelledby="bo-floor-waiting">
      <h3 id="bo-floor-waiting">{t('floor.waiting.title', { count: approvals.length })}</h3>
      <ul className="bo-floor__list" aria-labelledby="bo-floor-waiting">
        {approvals.map((a) => (
          <li key={a.id}>
            {t(a.cash_out ? 'floor.waiting.cashOut' : 'floor.waiting.payout', {
              cashier: a.cashier,
              place: a.place,
              device: a.device_id,
            })}{' '}
            <Money cents={Math.abs(a.delta)} currency={currency} />{' '}
            <span className="bo-muted">{formatDateTime(a.created_at)}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link className="bo-row-link" to={`/back-office/accounts/${accountId}/approvals`}>
          {t('floor.waiting.open')}
        </Link>
      </p>
    </section>
  );
}

function Cash({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation('backOffice');
  const figures = [
    ['float', o.float],
    ['headroom', o.overdraft_headroom],
    ['deposits', o.today.deposits],
    ['withdrawals', o.today.withdrawals],
    ['net', o.today.net],
  ] as const;
  return (
    <section className="bo-section" aria-labelledby="bo-floor-cash">
      <h3 id="bo-floor-cash">{t('floor.cash.title')}</h3>
      <p className="bo-muted">{gamingDayText(o.gaming_day, t)}</p>
      <dl className="bo-floor__figures">
        {figures.map(([key, cents]) => (
          <div key={key}>
            <dt>{t(`floor.cash.${key}`)}</dt>
            <dd>
              <Money cents={cents} currency={o.currency} />
            </dd>
          </div>
        ))}
      </dl>
      <HourChart
        today={o.today_by_hour}
        yesterday={o.yesterday_by_hour}
        currency={o.currency}
        timeZone={o.gaming_day.time_zone}
      />
    </section>
  );
}

/** Which gaming day "today" is, on the venue's clock: its date, from when to when, and the zone. */
function gamingDayText(day: Overview['gaming_day'], t: TFunction): string {
  const at = (iso: string) => venueTime(iso, day.time_zone).slice(0, 16);
  return t('floor.cash.day', { day: day.day, from: at(day.from), to: at(day.to), zone: day.time_zone });
}

function Devices({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation('backOffice');
  const { ready, registering, silent } = o.devices;
  return (
    <section className="bo-section" aria-labelledby="bo-floor-devices">
      <h3 id="bo-floor-devices">{t('floor.devices.title')}</h3>
      <dl className="bo-floor__figures">
        <div>
          <dt>{t('floor.devices.ready')}</dt>
          <dd>{ready}</dd>
        </div>
        <div>
          <dt>{t('floor.devices.registering')}</dt>
          <dd>{registering}</dd>
        </div>
        <div>
          <dt>{t('floor.devices.silent')}</dt>
          <dd>{silent.length}</dd>
        </div>
      </dl>
      {silent.length > 0 && (
        <ul className="bo-floor__list" aria-label={t('floor.devices.silentList')}>
          {silent.map((d) => (
            <li key={d.id}>
              <strong>{d.name}</strong>{' '}
              <span className="bo-muted">
                {d.last_seen_at === null
                  ? t('floor.devices.never')
                  : t('floor.devices.lastReport', { time: formatDateTime(d.last_seen_at) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Cashiers({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation('backOffice');
  return (
    <section className="bo-section" aria-labelledby="bo-floor-cashiers">
      <h3 id="bo-floor-cashiers">{t('floor.cashiers.title', { count: o.cashiers.length })}</h3>
      {o.cashiers.length === 0 ? (
        <p className="bo-muted">{t('floor.cashiers.none')}</p>
      ) : (
        <table className="bo-table bo-table--dense" aria-labelledby="bo-floor-cashiers">
          <thead>
            <tr>
              <th scope="col">{t('floor.cashiers.name')}</th>
              <th scope="col">{t('floor.cashiers.opened')}</th>
              <th scope="col">{t('floor.cashiers.total')}</th>
            </tr>
          </thead>
          <tbody>
            {o.cashiers.map((c) => (
              <tr key={c.shift_id}>
                <th scope="row" data-label={t('floor.cashiers.name')}>
                  {c.name}
                </th>
                <td data-label={t('floor.cashiers.opened')}>{formatDateTime(c.opened_at)}</td>
                <td data-label={t('floor.cashiers.total')}>
                  <Money cents={c.running_total} currency={o.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
