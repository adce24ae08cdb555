// The maintenance page (/maintenance-redirect): the operator's text from the server, or, when none
// loads, a 404 message in the browser's language. It reloads itself every 30 s, so a terminal left on it
// shows the next text, and the new build once the maintenance is over (use-reload-when-reachable.ts).
import { MAINTENANCE_RELOAD_MS } from '@cashdesk/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo';
import { PageCard } from '../../components/ui/page-card';
import { PageLoading } from '../../components/ui/page-loading';
import { useMaintenanceMessageQuery } from './api/maintenance-api';
import { browserLanguages, NOT_FOUND_MESSAGES, notFoundLanguage } from './not-found-message';
import { useReloadWhenReachable } from './use-reload-when-reachable';
import './maintenance-page.css';

export interface MaintenancePageProps {
  /** The browser's languages, most preferred first. */
  languages?: readonly string[];
  /** What reloading means, and how to know the server is back; the whole page by default (tests pass spies). */
  reload?: () => void;
  isReachable?: () => Promise<boolean>;
}

export function MaintenancePage({
  languages = browserLanguages(),
  reload,
  isReachable,
}: MaintenancePageProps) {
  const { t } = useTranslation('maintenance');
  const message = useMaintenanceMessageQuery();
  useReloadWhenReachable(MAINTENANCE_RELOAD_MS, reload, isReachable);

  const text = message.data?.message;
  const title = message.isError ? '404' : t('title');
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  if (message.isLoading) return <PageLoading />;
  if (text === undefined) {
    const lang = notFoundLanguage(languages);
    return (
      <PageCard labelledBy="maintenance-title" lang={lang}>
        <Logo />
        <h1 id="maintenance-title">404</h1>
        <p>{NOT_FOUND_MESSAGES[lang]}</p>
      </PageCard>
    );
  }
  return (
    <PageCard labelledBy="maintenance-title">
      <Logo />
      <h1 id="maintenance-title">{title}</h1>
      <p className="maintenance-page__text">{text}</p>
      <p className="maintenance-page__hint">{t('reloads', { seconds: MAINTENANCE_RELOAD_MS / 1000 })}</p>
    </PageCard>
  );
}
