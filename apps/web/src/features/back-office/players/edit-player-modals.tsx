// A manager's edits of a player (docs/back-office.md, "Players"): the identity recorded (a field left
// empty is cleared) and the player's own daily limit (empty: the venue's default). The server applies the
// till's rules (a lower limit at once, a higher one after the venue's cooling-off) and audits each.
import { parseAmountToCents, type Account, type Player, type PlayerIdentity } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField, InputField } from '../shared/fields';
import { useFormModal } from '../shared/form-modal';
import { FormShell } from '../shared/form-shell';
import { useBoSetPlayerIdentityMutation, useBoSetPlayerLimitMutation } from './players-api';

interface Props {
  account: Account;
  player: Player;
  onClose: () => void;
}

const IDENTITY = ['name', 'document_kind', 'document_number', 'birth_date'] as const;

/** The identity fields that differ from the player's, an empty text clearing one. */
export function identityChanges(player: Player, typed: Record<(typeof IDENTITY)[number], string>) {
  const changes: PlayerIdentity = {};
  for (const field of IDENTITY) {
    const value = typed[field].trim() === '' ? null : typed[field].trim();
    if (value !== player[field]) changes[field] = value;
  }
  return changes;
}

export function EditIdentityModal({ account, player, onClose }: Props) {
  const { t } = useTranslation('backOfficePlayers');
  const [save, { isLoading }] = useBoSetPlayerIdentityMutation();
  const form = useFormModal(onClose, isLoading);
  const [typed, setTyped] = useState({
    name: player.name ?? '',
    document_kind: player.document_kind ?? '',
    document_number: player.document_number ?? '',
    birth_date: player.birth_date ?? '',
  });
  const set = (field: keyof typeof typed) => (value: string) => setTyped({ ...typed, [field]: value });

  async function submit() {
    const body = identityChanges(player, typed);
    if (Object.keys(body).length === 0) return onClose();
    await form.send(
      save({ id: account.id, playerId: player.id, body }),
      'backOfficePlayers:players.identitySaved',
      { card: player.card },
    );
  }

  return (
    <FormShell
      {...form.shell}
      title={t('players.editIdentityTitle', { card: player.card })}
      submitLabel={t('players.save')}
      onSubmit={submit}
    >
      <InputField
        label={t('players.name')}
        value={typed.name}
        maxLength={120}
        onChange={(e) => set('name')(e.target.value)}
      />
      <InputField
        label={t('players.documentKind')}
        value={typed.document_kind}
        maxLength={40}
        onChange={(e) => set('document_kind')(e.target.value)}
      />
      <InputField
        label={t('players.documentNumber')}
        value={typed.document_number}
        maxLength={60}
        onChange={(e) => set('document_number')(e.target.value)}
      />
      <DayField label={t('players.birthDate')} value={typed.birth_date} onValueChange={set('birth_date')} />
    </FormShell>
  );
}

/** The typed limit in cents (a comma as the decimal mark too), null when empty, undefined when no amount. */
export function typedLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseAmountToCents(text.replace(',', '.')) ?? undefined;
}

export function EditLimitModal({ account, player, onClose }: Props) {
  const { t } = useTranslation('backOfficePlayers');
  const [save, { isLoading }] = useBoSetPlayerLimitMutation();
  const form = useFormModal(onClose, isLoading);
  const [text, setText] = useState(player.daily_limit === null ? '' : (player.daily_limit / 100).toFixed(2));
  const [checked, setChecked] = useState(false);
  const cents = typedLimit(text);

  async function submit() {
    setChecked(true);
    if (cents === undefined) return;
    await form.send(
      save({ id: account.id, playerId: player.id, body: { daily_limit: cents } }),
      'backOfficePlayers:players.limitSaved',
      { card: player.card },
    );
  }

  return (
    <FormShell
      {...form.shell}
      title={t('players.editLimitTitle', { card: player.card })}
      submitLabel={t('players.save')}
      onSubmit={submit}
    >
      <p>{t('players.limitExplain')}</p>
      <InputField
        label={t('players.limitField', { currency: account.currency })}
        hint={t('players.limitHint')}
        inputMode="decimal"
        value={text}
        error={checked && cents === undefined ? t('players.badAmount') : null}
        onChange={(e) => setText(e.target.value)}
      />
    </FormShell>
  );
}
