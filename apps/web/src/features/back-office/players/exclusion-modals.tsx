// A player's exclusion, set by a manager: until a last day (today's gaming day at the earliest) or
// indefinite; and its lifting. The server keeps each in the audit log with who and when; the contract's
// request has no reason, so these forms ask for none.
import type { Account, ExclusionRequest, Player } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../shared/fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { firstExclusionDay, untilProblem } from './player-facts';
import { useBoSetPlayerExclusionMutation } from './players-api';

interface Props {
  account: Account;
  player: Player;
  onClose: () => void;
}

type Length = 'until' | 'indefinite';

export function ExcludeModal({ account, player, onClose }: Props) {
  const { t } = useTranslation('backOfficePlayers');
  const [exclude, { isLoading }] = useBoSetPlayerExclusionMutation();
  const form = useFormModal(onClose, isLoading);
  // The gaming day as the dialog opens: the earliest last day it offers and accepts.
  const [firstDay] = useState(() => firstExclusionDay(account, Date.now()));
  const [length, setLength] = useState<Length>(
    player.excluded && player.excluded_until === null ? 'indefinite' : 'until',
  );
  const [day, setDay] = useState(player.excluded_until ?? firstDay);
  const [checked, setChecked] = useState(false);
  const problem = length === 'until' ? untilProblem(day, firstDay) : null;
  const dayError =
    checked && problem
      ? problem === 'past'
        ? t('players.pastDay', { day: firstDay })
        : t('players.pickDay')
      : null;

  async function submit() {
    setChecked(true);
    if (problem) return;
    const body: ExclusionRequest = { until: length === 'until' ? day : null };
    await form.send(
      exclude({ id: account.id, playerId: player.id, body }),
      length === 'until'
        ? 'backOfficePlayers:players.excludedToastUntil'
        : 'backOfficePlayers:players.excludedToastIndefinite',
      { card: player.card, day },
    );
  }

  return (
    <FormShell
      {...form.shell}
      title={t('players.excludeTitle', { card: player.card })}
      submitLabel={t('players.excludeSubmit')}
      submitClassName="button--danger"
      onSubmit={submit}
    >
      <p>{t('players.excludeExplain')}</p>
      <fieldset className="bo-fieldset bo-segmented">
        <legend>{t('players.excludeHow')}</legend>
        {(['until', 'indefinite'] as const).map((option) => (
          <label key={option} className="bo-segmented__option">
            <input
              type="radio"
              name="exclusion-length"
              checked={length === option}
              onChange={() => setLength(option)}
            />
            <span>{t(`players.length.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {length === 'until' && (
        <DayField label={t('players.lastDay')} value={day} onValueChange={setDay} error={dayError} />
      )}
    </FormShell>
  );
}

export function LiftExclusionModal({ account, player, onClose }: Props) {
  const { t } = useTranslation('backOfficePlayers');
  const [lift, { isLoading }] = useBoSetPlayerExclusionMutation();
  const form = useFormModal(onClose, isLoading);

  const submit = () =>
    form.send(
      lift({ id: account.id, playerId: player.id, body: { lift: true } }),
      'backOfficePlayers:players.lifted',
      { card: player.card },
    );

  return (
    <FormShell
      {...form.shell}
      title={t('players.liftTitle', { card: player.card })}
      submitLabel={t('players.liftSubmit')}
      onSubmit={submit}
    >
      <p>{t('players.liftExplain')}</p>
    </FormShell>
  );
}
