// Copies a value to the clipboard and says so in a toast (or that it failed).
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';

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
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}
