// The promotional banner of the mobile menu. The cashier can dismiss it (remembered in localStorage on
// this terminal); it disappears on its own when its image cannot be loaded, rather than show a hole.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PROMO_BANNER_IMAGE = '/promo-banner.svg';
export const PROMO_DISMISSED_STORAGE_KEY = 'promo_banner_dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(PROMO_DISMISSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function PromoBanner() {
  const { t } = useTranslation('navigation');
  const [dismissed, setDismissed] = useState(readDismissed);
  const [failed, setFailed] = useState(false);
  if (dismissed || failed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      window.localStorage.setItem(PROMO_DISMISSED_STORAGE_KEY, 'true');
    } catch {
      // dismissed for now, shown again next time
    }
  }

  return (
    <aside className="promo-banner" aria-label={t('banner.label')}>
      <img
        className="promo-banner__image"
        src={PROMO_BANNER_IMAGE}
        alt={t('banner.alt')}
        width="640"
        height="200"
        onError={() => setFailed(true)}
      />
      <p className="promo-banner__caption">{t('banner.caption')}</p>
      <button
        type="button"
        className="promo-banner__dismiss"
        aria-label={t('banner.dismiss')}
        onClick={dismiss}
      >
        ×
      </button>
    </aside>
  );
}
