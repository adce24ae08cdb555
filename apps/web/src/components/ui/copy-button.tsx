// Copies a value to the clipboard and says so in a toast (or that it failed).
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../features/toasts/toasts-slice';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      dispatch(toastShown({ id: `copied:${value}`, kind: 'success', key: 'common:copied' }));
    } catch {
      dispatch(
        toastShown({
          id: `copy-failed:${value}`,
          kind: 'error',
          key: 'common:copyFailed',
          params: { string: value },
        }),
      );
    }
  }
  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={t('copy', { what: label })}
      onClick={() => void copy()}
    >
      ⧉
    </button>
  );
}
