// The player the cash modal's operations are for (the till serves them, features/players): who, what was
// left of their daily limit when the card was read, and, for an excluded player, that no deposit can be
// given and until when.
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import type { CashPlayer } from '../cash-player';

export function PlayerLine({ player, currency }: { player: CashPlayer; currency: string | undefined }) {
  const { t } = useTranslation('cash');
  const who = player.name ?? t('player.card', { card: player.card });
  return (
    <div className="cash-modal__player">
      <p>
        <strong>{t('player.for', { who })}</strong>
        {player.name && (
          <span className="cash-modal__player-card"> · {t('player.card', { card: player.card })}</span>
        )}
      </p>
      {player.excluded ? (
        <p className="cash-modal__player-excluded" role="note">
          {player.excluded_until
            ? t('player.excludedUntil', { until: player.excluded_until })
            : t('player.excludedIndefinitely')}
        </p>
      ) : (
        <p className="cash-modal__player-limit">
          {player.limit_left === null
            ? t('player.noLimit')
            : t('player.limitLeft', { amount: formatMoney(player.limit_left, currency) })}
        </p>
      )}
    </div>
  );
}
