// A player's facts as the console words them, the same in the list and in the detail: the document,
// the daily limit that applies (money in the venue's currency) and the exclusion.
import type { Account, Player } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { dailyLimitOf, exclusionOf } from './player-facts';

/** "ID card 12345678", the number alone when its kind is not recorded; null when no number is. */
export function documentText(player: Pick<Player, 'document_kind' | 'document_number'>): string | null {
  if (player.document_number === null) return null;
  return player.document_kind === null
    ? player.document_number
    : `${player.document_kind} ${player.document_number}`;
}

export function DailyLimitText({ player, account }: { player: Player; account: Account }) {
  const { t } = useTranslation('backOfficePlayers');
  const limit = dailyLimitOf(player, account);
  if (limit.kind === 'none') return <>{t('players.limitNone')}</>;
  const amount = formatMoney(limit.cents, account.currency);
  return <>{t(limit.kind === 'own' ? 'players.limitOwn' : 'players.limitVenue', { amount })}</>;
}

export function ExclusionText({ player }: { player: Player }) {
  const { t } = useTranslation('backOfficePlayers');
  const exclusion = exclusionOf(player);
  switch (exclusion.kind) {
    case 'none':
      return <>{t('players.notExcluded')}</>;
    case 'indefinite':
      return <strong className="bo-player__excluded">{t('players.excludedIndefinitely')}</strong>;
    case 'until':
      return (
        <strong className="bo-player__excluded">{t('players.excludedUntil', { day: exclusion.day })}</strong>
      );
  }
}
