// The login screen (/authorization): header with heading, clock and language, then the sign-in form.
// A visitor who is still signed in is sent on to /devices (or the back office for admins and managers).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import { homePathFor } from '../../lib/home-path';
import { useMeQuery } from '../../api/auth-api';
import { LanguageSelect } from '../../components/ui/language-select';
import { LiveClock } from './live-clock';
import { LoginForm } from './login-form';
import './login-page.css';

export function LoginPage() {
  const { t } = useTranslation('auth');
  // After a sign-out or a 401 the answer is known: asking /a/me again would only get another 401
  // (and each 401 resets the API state, which would ask again).
  const isSignOut = useAppSelector((state) => state.session.isSignOut);
  const me = useMeQuery(undefined, { skip: isSignOut });
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);
  if (me.isSuccess && me.data.id) return <Navigate to={homePathFor(me.data)} replace />;

  return (
    <div className="login-page">
      <header className="login-page__header">
        <h1 className="login-page__title">{t('title')}</h1>
        <LiveClock />
        <LanguageSelect />
      </header>
      <main className="login-page__main">
        <section className="login-page__card" aria-labelledby="login-card-title">
          <h2 id="login-card-title" className="login-page__card-title">
            {t('cardTitle')}
          </h2>
          <LoginForm />
        </section>
      </main>
    </div>
  );
}
