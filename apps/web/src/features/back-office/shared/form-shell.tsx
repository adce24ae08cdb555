// A modal form of the console: its fields, the failure of the last try, Cancel and a submit button.
// Enter submits, Escape cancels (not while the call runs, when the form cannot be closed either).
import { type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { FormAlert } from './fields';

interface FormShellProps {
  title: string;
  busy: boolean;
  failure: string | null;
  submitLabel: string;
  onClose: () => void;
  /** Runs on Enter or the submit button, unless busy; a promise it returns is not awaited. */
  onSubmit: () => unknown;
  children: ReactNode;
  wide?: boolean;
  /** 'button--danger' for a step that takes something away (unlink). */
  submitClassName?: string;
}

/** A modal form with Cancel and a submit button; Enter submits, Escape cancels (unless busy). */
export function FormShell({
  title,
  busy,
  failure,
  submitLabel,
  onClose,
  onSubmit,
  children,
  wide,
  submitClassName = 'button--primary',
}: FormShellProps) {
  const { t } = useTranslation('backOffice');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void onSubmit();
  };
  return (
    <Modal title={title} onClose={onClose} busy={busy} {...(wide ? { className: 'modal--wide' } : {})}>
      <form noValidate onSubmit={submit} className="bo-form">
        {children}
        <FormAlert message={failure} />
        <div className="bo-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </button>
          <button type="submit" className={submitClassName} aria-disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
