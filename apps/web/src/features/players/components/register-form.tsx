// Registering a card the venue issued that no player has yet: the card as read, and the identity if the
// player gives it now (each field optional: a payout past the report threshold asks for it later). One
// request under a fresh trx (contract "Players"); a card another player has is said in the form's place.
import type { Player } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import { newTrx } from '../../../lib/trx';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { useRegisterPlayerMutation } from '../api/players-api';
import { EMPTY_IDENTITY, identityProblems, identityRequestOf, localToday } from '../lib/identity';
import { FormActions } from './form-actions';
import { IdentityFields } from './identity-fields';

export interface RegisterFormProps {
  card: string;
  onRegistered(player: Player): void;
  onCancel(): void;
}

export function RegisterForm({ card, onRegistered, onCancel }: RegisterFormProps) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterPlayerMutation();
  const [values, setValues] = useState(EMPTY_IDENTITY);
  const [checked, setChecked] = useState(false);
  const problems = checked ? identityProblems(values, false, localToday()) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (isLoading || Object.keys(identityProblems(values, false, localToday())).length > 0) return;
    const result = await register({ card, ...identityRequestOf(values), trx: newTrx() });
    if ('data' in result && result.data) {
      dispatch(
        toastShown({
          id: `players:registered:${card}`,
          kind: 'success',
          key: 'players:register.done',
          params: { card },
        }),
      );
      onRegistered(result.data);
    } else if ('error' in result) {
      dispatch(toastShown(errorToast(apiFailure(result.error))));
    }
  }

  return (
    <form className="player-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="player-form__fieldset">
        <legend>{t('register.identity')}</legend>
        <IdentityFields
          values={values}
          onChange={setValues}
          problems={problems}
          disabled={isLoading}
          complete={false}
        />
      </fieldset>
      <FormActions
        busy={isLoading}
        back={t('actions.back')}
        onBack={onCancel}
        submit={t('register.submit')}
      />
    </form>
  );
}
