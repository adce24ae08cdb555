// Shows the sticky toasts (until each is closed) and the current passing one, closed after
// TOAST_AUTO_CLOSE_MS; the next one follows. Under the navigation bar, or, while a modal is open, on its
// backdrop above the topmost dialog (modal.tsx), where it covers neither the dialog's title nor its buttons.
import { TOAST_AUTO_CLOSE_MS } from '@cashdesk/contract';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectCurrentToast, selectStickyToasts, toastClosed, type Toast } from '../../store/toasts-slice';
import { useModalToastSlot } from './modal';

export function Toaster() {
  const toast = useAppSelector(selectCurrentToast);
  const sticky = useAppSelector(selectStickyToasts);
  const dispatch = useAppDispatch();
  const modalSlot = useModalToastSlot();

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);

  const region = (
    <div className={modalSlot ? 'toaster toaster--in-modal' : 'toaster'} role="status" aria-live="polite">
      {[...sticky, ...(toast ? [toast] : [])].map((shown) => (
        <ToastView key={shown.id} toast={shown} />
      ))}
    </div>
  );
  return modalSlot ? createPortal(region, modalSlot) : region;
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div
      className={`toast toast--${toast.kind}${toast.sticky ? ' toast--sticky' : ''}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
    >
      <span>{t(toast.key, toast.params)}</span>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common:close')}
        onClick={() => dispatch(toastClosed(toast.id))}
      >
        ×
      </button>
    </div>
  );
}
