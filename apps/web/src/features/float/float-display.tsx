// The float in the navigation bar: its label, the figure (or asterisks when the cashier hid it) and the
// hide toggle. Whether it appears at all is decided by floatVisibility (restrictions, docs/product.md section 6).
import { formatCents } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../components/ui/eye-icon';
import type { FloatView } from './float-visibility';
import { useHiddenFloat } from './use-hidden-float';
import './float-display.css';

export const FLOAT_MASK = '****';

export function FloatDisplay({ view }: { view: FloatView }) {
  const { t } = useTranslation('navigation');
  const [hidden, toggleHidden] = useHiddenFloat();
  if (!view.visible) return null;
  return (
    <div className="float-display" role="group" aria-labelledby="float-display-label">
      <span id="float-display-label" className="float-display__label">
        {t('float')}
      </span>
      <span className="float-display__value" data-testid="float-value">
        {hidden ? (
          <>
            <span aria-hidden="true">{FLOAT_MASK}</span>
            <span className="visually-hidden">{t('floatHidden')}</span>
          </>
        ) : (
          `${formatCents(view.amountCents)} ${view.currency}`
        )}
      </span>
      <button
        type="button"
        className="icon-button float-display__toggle"
        aria-pressed={hidden}
        aria-label={t('hideFloat')}
        title={t('hideFloat')}
        onClick={toggleHidden}
      >
        <EyeIcon crossed={hidden} />
      </button>
    </div>
  );
}
