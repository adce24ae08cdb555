// The result step of a PIN modal: a message and an OK button that takes the focus, so Enter answers it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ModalMessage({
  tone,
  onOk,
  children,
}: {
  tone: 'success' | 'error';
  onOk: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`device-modal__message device-modal__message--${tone}`}>
      <div role={tone === 'error' ? 'alert' : 'status'}>{children}</div>
      <div className="device-modal__actions">
        {/* The step changed inside an open dialog: focus moves to its only action. */}
        <button type="button" className="button--primary" autoFocus onClick={onOk}>
          {t('ok')}
        </button>
      </div>
    </div>
  );
}
