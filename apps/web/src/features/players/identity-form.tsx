// The identity a payout asks for (428 `identity required`: the payout takes the player past the venue's
// report threshold for the day): name, document kind and number, and the birth date if given, recorded
// with POST /a/cashier/players/:id. Shown in the cash modal (features/cash, `IdentityForm`), which then
// sends the waiting payout again under its trx. In the players' parts chunk (parts.ts).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import i18n from '../../i18n/i18n';
import playerCardTexts from '../../i18n/locales/en/player-card.json';
import { addPartTexts } from '../../i18n/part-resources';
import { useRecordPlayerIdentityMutation } from './api/players-api';
import { FormActions } from './components/form-actions';
import { IdentityFields } from './components/identity-fields';
import { EMPTY_IDENTITY, identityProblems, identityRequestOf, localToday } from './lib/identity';
import './players.css';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'players', playerCardTexts);

export interface PlayerIdentityFormProps {
  playerId: number;
  onSaved(): void;
  onCancel(): void;
}

export function PlayerIdentityForm({ playerId, onSaved, onCancel }: PlayerIdentityFormProps) {
  const { t } = useTranslation('players');
  const dispatch = useAppDispatch();
  const [record, { isLoading }] = useRecordPlayerIdentityMutation();
  const [values, setValues] = useState(EMPTY_IDENTITY);
  const [checked, setChecked] = useState(false);
  const problems = checked ? identityProblems(values, true, localToday()) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (isLoading || Object.keys(identityProblems(values, true, localToday())).length > 0) return;
    const result = await record({ playerId, ...identityRequestOf(values) });
    if ('data' in result && result.data) {
      const who = result.data.name ?? result.data.card;
      dispatch(
        toastShown({
          id: `players:identity:${playerId}`,
          kind: 'success',
          key: 'players:identity.saved',
          params: { who },
        }),
      );
      onSaved();
    } else if ('error' in result) {
      dispatch(toastShown(errorToast(apiFailure(result.error))));
    }
  }

  return (
    <form className="player-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="player-form__fieldset">
        <legend>{t('identity.legend')}</legend>
        <IdentityFields
          values={values}
          onChange={setValues}
          problems={problems}
          disabled={isLoading}
          complete
        />
      </fieldset>
      <FormActions
        busy={isLoading}
        sending={t('identity.saving')}
        back={t('identity.cancel')}
        onBack={onCancel}
        submit={t('identity.save')}
      />
    </form>
  );
}
