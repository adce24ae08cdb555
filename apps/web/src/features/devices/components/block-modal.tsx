// Tells the cashier that remote devices are blocked (hard) or usable for withdraw only (light). The OK
// button counts down from BLOCK_MODAL_COUNTDOWN_S and the modal closes itself at 0 (docs/product.md section 2).
import { BLOCK_MODAL_COUNTDOWN_S } from '@cashdesk/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import deviceModalsTexts from '../../../i18n/locales/en/device-modals.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { Modal } from '../../../components/ui/modal';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'devices', deviceModalsTexts);

export type BlockLevel = 'hard' | 'light';

export function BlockModal({ level, onClose }: { level: BlockLevel; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [secondsLeft, setSecondsLeft] = useState<number>(BLOCK_MODAL_COUNTDOWN_S);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) onClose();
  }, [secondsLeft, onClose]);

  return (
    <Modal title={t('block.title')} onClose={onClose} className="device-block-modal">
      <p role="alert">{t(level === 'hard' ? 'block.hard' : 'block.light')}</p>
      <div className="device-modal__actions">
        <button type="button" className="button--primary" data-autofocus onClick={onClose}>
          {t('block.ok', { seconds: secondsLeft })}
        </button>
      </div>
    </Modal>
  );
}
