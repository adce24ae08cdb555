// The client download page (/get-client): logo, heading and a Download link to the file the operator
// configured (CLIENT_DOWNLOAD_URL). Public, like a download page is.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/client-config-api';
import { Logo } from '../../components/ui/logo';
import { PageCard } from '../../components/ui/page-card';
import { Icon } from '../../components/ui/icon';

export function GetClientPage() {
  const { t } = useTranslation('getClient');
  const config = useClientConfigQuery();
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  const url = config.data?.client_download_url ?? null;
  return (
    <PageCard labelledBy="get-client-title">
      <Logo />
      <h1 id="get-client-title">{title}</h1>
      <p>{t('intro')}</p>
      {config.isLoading ? (
        <p role="status">{t('common:loading')}</p>
      ) : url ? (
        <a className="button-link button--primary" href={url} download>
          <DownloadIcon />
          {t('download')}
        </a>
      ) : (
        <p role="status">{t('unavailable')}</p>
      )}
    </PageCard>
  );
}

const DownloadIcon = () => (
  <Icon>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Icon>
);
