// The player the till serves, above the devices: who, what was left of their daily limit at the read (or
// that they are excluded), Show card (the player card again, read afresh) and Done with player. In the
// players' parts chunk (parts.ts), fetched once a player is served or at the screen's idle time.
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import i18n from '../../i18n/i18n';
import playerCardTexts from '../../i18n/locales/en/player-card.json';
import { addPartTexts } from '../../i18n/part-resources';
import { useFloatQuery } from '../float';
import { playerDismissed, selectTillPlayer } from './till-player-slice';
import './players.css';

// Its English texts come with the players' parts, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'players', playerCardTexts);

export function TillPlayerBar({ onShow }: { onShow(card: string): void }) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const served = useAppSelector(selectTillPlayer);
  const currency = useFloatQuery(undefined, {
    selectFromResult: ({ data }) => ({ currency: data?.currency }),
  }).currency;
  if (!served) return null;
  const who = served.name ?? t('card', { card: served.card });
  return (
    <section className="till-player" aria-label={t('bar.label')}>
      <p className="till-player__who">
        <strong>{t('bar.serving', { who })}</strong>
        <span className={served.excluded ? 'till-player__excluded' : 'till-player__limit'}>
          {served.excluded
            ? t('bar.excluded')
            : served.limit_left === null
              ? t('bar.noLimit')
              : t('bar.limitLeft', { amount: formatMoney(served.limit_left, currency) })}
        </span>
      </p>
      <div className="till-player__actions">
        <button type="button" onClick={() => onShow(served.card)}>
          {t('bar.show')}
        </button>
        <button type="button" onClick={() => dispatch(playerDismissed())}>
          {t('bar.done')}
        </button>
      </div>
    </section>
  );
}
