// One player of the venue as a manager or an admin sees them (the console is theirs alone: a cashier is
// sent away from it): the identity recorded and the daily limit that applies (with a raise waiting out the
// venue's cooling-off), which the manager edits here, and the exclusion, set (to a day or indefinite) or
// lifted here.
import type { Account, Player } from '@cashdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../shared/units';
import { EditIdentityModal, EditLimitModal } from './edit-player-modals';
import { ExcludeModal, LiftExclusionModal } from './exclusion-modals';
import { exclusionOf } from './player-facts';
import { DailyLimitText, ExclusionText, documentText } from './player-texts';

export function PlayerDetail({
  account,
  player,
  onBack,
}: {
  account: Account;
  player: Player;
  onBack: () => void;
}) {
  const { t } = useTranslation('backOfficePlayers');
  const [open, setOpen] = useState<'identity' | 'limit' | 'exclude' | 'lift' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const excluded = exclusionOf(player).kind !== 'none';
  const recorded = (value: string | null) =>
    value ?? <span className="bo-muted">{t('players.notRecorded')}</span>;

  // Opened from the results, the detail takes the focus: a screen reader and the keyboard go on from it.
  useEffect(() => heading.current?.focus(), [player.id]);

  return (
    <article className="bo-player" aria-labelledby="bo-player-title">
      <div className="bo-actions bo-actions--start">
        <button type="button" onClick={onBack}>
          ‹ {t('players.back')}
        </button>
      </div>
      <h3 id="bo-player-title" tabIndex={-1} ref={heading}>
        {t('players.detailTitle', { card: player.card })}
      </h3>
      <dl className="bo-daily__header">
        <dt>{t('players.card')}</dt>
        <dd>{player.card}</dd>
        <dt>{t('players.name')}</dt>
        <dd>{recorded(player.name)}</dd>
        <dt>{t('players.document')}</dt>
        <dd>{recorded(documentText(player))}</dd>
        <dt>{t('players.birthDate')}</dt>
        <dd>{recorded(player.birth_date)}</dd>
        <dt>{t('players.registered')}</dt>
        <dd>{formatDateTime(player.created_at)}</dd>
        <dt>{t('players.dailyLimit')}</dt>
        <dd>
          <DailyLimitText player={player} account={account} />
          {player.limit_raise && (
            <>
              <br />
              <span className="bo-muted">
                {player.limit_raise.daily_limit === null
                  ? t('players.raiseToDefault', { at: formatDateTime(player.limit_raise.at) })
                  : t('players.raiseWaiting', {
                      amount: formatMoney(player.limit_raise.daily_limit, account.currency),
                      at: formatDateTime(player.limit_raise.at),
                    })}
              </span>
            </>
          )}
        </dd>
        <dt>{t('players.exclusion')}</dt>
        <dd>
          <ExclusionText player={player} />
        </dd>
      </dl>
      <div className="bo-actions bo-actions--start">
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen('identity')}>
          {t('players.editIdentity')}
        </button>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen('limit')}>
          {t('players.editLimit')}
        </button>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen('exclude')}>
          {excluded ? t('players.changeExclusion') : t('players.exclude')}
        </button>
        {excluded && (
          <button type="button" aria-haspopup="dialog" onClick={() => setOpen('lift')}>
            {t('players.lift')}
          </button>
        )}
      </div>
      <p className="bo-muted">{t('players.audited')}</p>
      {open === 'identity' && (
        <EditIdentityModal account={account} player={player} onClose={() => setOpen(null)} />
      )}
      {open === 'limit' && <EditLimitModal account={account} player={player} onClose={() => setOpen(null)} />}
      {open === 'exclude' && <ExcludeModal account={account} player={player} onClose={() => setOpen(null)} />}
      {open === 'lift' && (
        <LiftExclusionModal account={account} player={player} onClose={() => setOpen(null)} />
      )}
    </article>
  );
}
