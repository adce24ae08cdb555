// The player card at the till (contract "Players"): the cashier reads a card (typed, or its QR code) and
// sees the player (features/players/components/player-summary.tsx); an unknown card can be registered.
// From the card the cashier serves the player at this till (the cash modal's operations are then for
// them), sets their daily limit, or moves their money between seats. In the players' parts chunk
// (parts.ts), opened from the devices screen's Player card button.
import type { Device, Player, PlayerAtTill } from '@cashdesk/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { Modal } from '../../components/ui/modal';
import i18n from '../../i18n/i18n';
import playerCardTexts from '../../i18n/locales/en/player-card.json';
import { addPartTexts } from '../../i18n/part-resources';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useFloatQuery } from '../float';
import { usePlayerByCardQuery } from './api/players-api';
import { CardReader } from './components/card-reader';
import { LimitForm } from './components/limit-form';
import { PlayerSummary } from './components/player-summary';
import { RegisterForm } from './components/register-form';
import { TransferForm } from './components/transfer-form';
import { playerServed, selectTillPlayer, type TillPlayer } from './till-player-slice';
import './players.css';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'players', playerCardTexts);

export interface PlayerCardModalProps {
  /** The venue's devices (the devices screen's list): the seats' names, and where a transfer may go. */
  devices: readonly Device[];
  /** A card to show at once (the served player's); without one the modal starts by reading a card. */
  card?: string | null;
  onClose(): void;
}

type View =
  | { name: 'read' }
  | { name: 'card'; card: string }
  | { name: 'register'; card: string }
  | { name: 'limit'; card: string }
  | { name: 'transfer'; card: string };

export function PlayerCardModal({ devices, card: initialCard = null, onClose }: PlayerCardModalProps) {
  const { t } = useTranslation('players');
  const [view, setView] = useState<View>(
    initialCard ? { name: 'card', card: initialCard } : { name: 'read' },
  );
  const [busy, setBusy] = useState(false);
  const currency = useFloatQuery(undefined, {
    selectFromResult: ({ data }) => ({ currency: data?.currency }),
  }).currency;

  const card = view.name === 'read' ? null : view.card;
  // Read afresh each time a card is read: what is left of a limit must not be an old answer's.
  const read = usePlayerByCardQuery(card ?? skipToken, { refetchOnMountOrArgChange: true });

  const titles: Record<View['name'], string> = {
    read: t('title'),
    card: t('title'),
    register: t('register.title', { card: card ?? '' }),
    limit: t('limit.title'),
    transfer: t('transfer.title'),
  };
  const back = (to: string) => setView({ name: 'card', card: to });

  return (
    <Modal title={titles[view.name]} onClose={onClose} busy={busy} className="player-modal">
      {view.name === 'read' && <CardReader onCard={(read) => setView({ name: 'card', card: read })} />}
      {view.name === 'card' && (
        <CardView
          card={view.card}
          read={read}
          devices={devices}
          currency={currency}
          onRegister={() => setView({ name: 'register', card: view.card })}
          onLimit={() => setView({ name: 'limit', card: view.card })}
          onTransfer={() => setView({ name: 'transfer', card: view.card })}
          onAnother={() => setView({ name: 'read' })}
          onClose={onClose}
        />
      )}
      {view.name === 'register' && (
        <RegisterForm
          card={view.card}
          onRegistered={(player: Player) => back(player.card)}
          onCancel={() => back(view.card)}
        />
      )}
      {view.name === 'limit' && read.currentData && (
        <LimitForm
          player={read.currentData}
          currency={currency}
          onBusy={setBusy}
          onDone={() => back(view.card)}
        />
      )}
      {view.name === 'transfer' && read.currentData && (
        <TransferForm
          player={read.currentData}
          devices={devices}
          currency={currency}
          onBusy={setBusy}
          onDone={() => back(view.card)}
        />
      )}
    </Modal>
  );
}

/** The till's copy of the player as the card's read gave it (till-player-slice.ts). */
function tillPlayerOf(player: PlayerAtTill): TillPlayer {
  return {
    id: player.id,
    card: player.card,
    name: player.name,
    excluded: player.excluded,
    excluded_until: player.excluded_until,
    limit_left: player.limit_left,
  };
}

interface CardViewProps {
  card: string;
  read: ReturnType<typeof usePlayerByCardQuery>;
  devices: readonly Device[];
  currency: string | undefined;
  onRegister(): void;
  onLimit(): void;
  onTransfer(): void;
  onAnother(): void;
  onClose(): void;
}

/** The card as read: the player and what the cashier may do for them, an unknown card, or a failed read. */
function CardView({ card, read, devices, currency, ...on }: CardViewProps) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const served = useAppSelector(selectTillPlayer);
  // The answer for this card only: another card's, read before, is not this player.
  const player = read.currentData;

  // The served player read again: the till's copy follows (what is left of the limit, an exclusion).
  useEffect(() => {
    if (player && served?.id === player.id) dispatch(playerServed(tillPlayerOf(player)));
  }, [player, served?.id, dispatch]);

  if (!player && (read.isFetching || read.isLoading)) {
    return (
      <p className="player-modal__status" role="status">
        {t('read.reading')}
      </p>
    );
  }
  if (!player) {
    const failure = apiFailure(read.error);
    if (failure.status === 404) {
      return (
        <div className="player-modal__unknown">
          <p>{t('unknown.message', { card })}</p>
          <div className="player-form__actions">
            <button type="button" onClick={on.onAnother}>
              {t('actions.another')}
            </button>
            <button type="button" className="button--primary" onClick={on.onRegister} data-autofocus>
              {t('unknown.register')}
            </button>
          </div>
        </div>
      );
    }
    const said = errorToast(failure);
    return (
      <div className="player-modal__failed" role="alert">
        <p>{t('read.failed')}</p>
        <p>{t(said.key, said.params)}</p>
        <div className="player-form__actions">
          <button type="button" onClick={on.onAnother}>
            {t('actions.another')}
          </button>
          <button type="button" className="button--primary" onClick={() => void read.refetch()}>
            {t('read.retry')}
          </button>
        </div>
      </div>
    );
  }

  const isServed = served?.id === player.id;
  return (
    <div className="player-modal__card">
      <PlayerSummary player={player} devices={devices} currency={currency} />
      {isServed && <p className="player-modal__served">{t('actions.servedHint')}</p>}
      <div className="player-modal__actions" role="group" aria-label={t('actions.label')}>
        <button type="button" onClick={on.onAnother}>
          {t('actions.another')}
        </button>
        <button type="button" onClick={on.onLimit}>
          {t('actions.limit')}
        </button>
        <button type="button" onClick={on.onTransfer} disabled={player.seats.length === 0}>
          {t('actions.transfer')}
        </button>
        {isServed ? (
          <button type="button" className="button--primary" onClick={on.onClose} data-autofocus>
            {t('actions.close')}
          </button>
        ) : (
          <button
            type="button"
            className="button--primary"
            onClick={() => {
              dispatch(playerServed(tillPlayerOf(player)));
              on.onClose();
            }}
            data-autofocus
          >
            {t('actions.serve')}
          </button>
        )}
      </div>
    </div>
  );
}
