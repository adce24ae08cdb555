// Placeholder for the Statistic modal (spec section 2): the report itself arrives in a later issue.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';

export function StatisticModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('navigation');
  return (
    <Modal title={t('statistic')} onClose={onClose} className="statistic-placeholder">
      <p>{t('statisticComing')}</p>
      <div className="statistic-placeholder__actions">
        <button type="button" className="button--primary" onClick={onClose} data-autofocus>
          {t('common:ok')}
        </button>
      </div>
    </Modal>
  );
}
