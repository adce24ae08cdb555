// The Cashdesk mark and name, for the pages shown outside the signed-in frame (client download,
// maintenance). One image with the product's name as its text alternative.
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo" role="img" aria-label={t('appName')}>
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" fill="var(--color-primary)" />
        <rect x="10" y="14" width="28" height="20" rx="3" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="24" cy="24" r="4.5" fill="#fff" />
        <path d="M14 19v10M34 19v10" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="logo__name" aria-hidden="true">
        {t('appName')}
      </span>
    </span>
  );
}
