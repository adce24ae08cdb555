// An accessible modal dialog: labelled, focus trapped inside, Escape closes (unless busy), focus goes
// back to where it came from on close. Every modal of the app is built on this one.
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** While true the modal cannot be closed (a request is running). */
  busy?: boolean;
  /** Extra class for sizing, e.g. 'modal--wide'. */
  className?: string;
  /** Hide the × button (a step that must be answered). */
  hideClose?: boolean;
}

// A press on the backdrop this soon after a press inside the dialog is the second click of a double
// click whose first click shrank the dialog (Deposit -> the smaller age check): it must not close it.
// 500 ms is the usual double-click interval of desktop systems.
const BACKDROP_AFTER_INSIDE_PRESS_MS = 500;

// The toast's place in each open modal, above the dialog on its backdrop, topmost last: a toast over the
// screen's top covered a modal's title, so while a modal is open the toaster shows there
// (toaster.tsx) and the dialog gives it room. Outside the dialog, so the dialog's own alerts stay its only
// ones.
const toastSlots: HTMLElement[] = [];
const slotListeners = new Set<() => void>();
function slotsChanged() {
  for (const listener of slotListeners) listener();
}

/** The toast's place in the topmost open modal, or null with none open. */
export function useModalToastSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (onChange) => {
      slotListeners.add(onChange);
      return () => void slotListeners.delete(onChange);
    },
    () => toastSlots.at(-1) ?? null,
    () => null,
  );
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children, busy = false, className, hideClose = false }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const toastSlotRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  const lastInsidePress = useRef(Number.NEGATIVE_INFINITY);
  // Read during the first render: by the time effects run, an autoFocus field inside has taken focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    onCloseRef.current = onClose;
    busyRef.current = busy;
  });

  useEffect(() => {
    const slot = toastSlotRef.current;
    if (!slot) return;
    toastSlots.push(slot);
    slotsChanged();
    return () => {
      toastSlots.splice(toastSlots.indexOf(slot), 1);
      slotsChanged();
    };
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !busyRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      opener?.focus?.();
    };
  }, [opener]);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        const now = Date.now();
        if (event.target !== event.currentTarget) {
          lastInsidePress.current = now;
          return;
        }
        if (!busy && now - lastInsidePress.current > BACKDROP_AFTER_INSIDE_PRESS_MS) onClose();
      }}
    >
      <div ref={toastSlotRef} className="modal__toast" />
      <div
        ref={dialogRef}
        className={['modal', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        tabIndex={-1}
      >
        {/* A div, not a header: a header outside main/section would be a second banner landmark. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideClose && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('close')}
              onClick={onClose}
              disabled={busy}
            >
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
