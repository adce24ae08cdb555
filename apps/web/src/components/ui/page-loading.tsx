// What a whole page shows while the answer it depends on is on its way.
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-center" role="status">
      {t('loading')}
    </div>
  );
}
