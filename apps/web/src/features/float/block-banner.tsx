// The banner over every signed-in screen while the venue is blocked: it says why Deposit (light block) or
// every cash operation (hard block) is disabled, so a cashier is not left guessing at grey buttons.
import { useTranslation } from 'react-i18next';
import type { AccountBlock } from './account-block';
import './block-banner.css';

export function BlockBanner({ block }: { block: AccountBlock }) {
  const { t } = useTranslation('navigation');
  if (block === 'none') return null;
  return (
    <p className={`block-banner block-banner--${block}`} role="status">
      <strong>{t(`block.${block}.title`)}</strong> {t(`block.${block}.text`)}
    </p>
  );
}
