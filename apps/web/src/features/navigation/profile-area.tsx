// The Profile area: initial-letter avatar, the cashier's name (shortened, full name on hover and for
// screen readers), the cashier id with a copy control, and the change-password entry point.
import type { User } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/ui/copy-button';
import { avatarInitial, cashierDisplayName, shortenCashierName } from '../../lib/cashier-name';
import { KeyIcon } from '../../components/ui/icons';

export function ProfileArea({
  user,
  onChangePassword,
}: {
  user: User | undefined;
  onChangePassword: () => void;
}) {
  const { t } = useTranslation('navigation');
  const name = cashierDisplayName(user?.name, t('cashierFallback'));
  const shortName = shortenCashierName(name);
  return (
    <section className="profile-area" aria-label={t('profile')}>
      <span className="profile-area__avatar" aria-hidden="true">
        {avatarInitial(name)}
      </span>
      <div className="profile-area__who">
        <span className="profile-area__name" title={shortName === name ? undefined : name}>
          {shortName === name ? (
            name
          ) : (
            <>
              <span aria-hidden="true">{shortName}</span>
              <span className="visually-hidden">{name}</span>
            </>
          )}
        </span>
        {user && (
          <span className="profile-area__id">
            <span>{t('cashierId', { id: user.id })}</span>
            <CopyButton value={String(user.id)} label={t('cashierIdLabel')} />
          </span>
        )}
      </div>
      <button
        type="button"
        className="profile-area__password"
        aria-haspopup="dialog"
        onClick={onChangePassword}
      >
        <KeyIcon />
        <span className="profile-area__password-text">{t('changePassword')}</span>
      </button>
    </section>
  );
}
