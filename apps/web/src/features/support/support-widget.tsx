// The support widget of the signed-in screens (docs/product.md section 2: present unless the user holds
// disable_support_widget): the operator's chat when one is configured and starts, otherwise a Support
// button offering the venue's support contact. Nothing when neither is configured.
import type { ClientConfig, User } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/client-config-api';
import { Modal } from '../../components/ui/modal';
import { useNarrowScreen } from '../../hooks/use-media-query';
import { cashierDisplayName } from '../../lib/cashier-name';
import { Icon } from '../../components/ui/icon';
import { useSupportChat } from './use-support-chat';
import './support-widget.css';

export function SupportWidget({ user }: { user: User | undefined }) {
  const config = useClientConfigQuery();
  if (!user || user.restrictions.includes('disable_support_widget') || !config.data) return null;
  return <Support user={user} support={config.data.support} />;
}

function Support({ user, support }: { user: User; support: ClientConfig['support'] }) {
  const { t, i18n } = useTranslation('support');
  const chat = useSupportChat(support.chat_script_url, {
    language: i18n.resolvedLanguage ?? i18n.language,
    cashier: { id: user.id, name: cashierDisplayName(user.name, t('navigation:cashierFallback')) },
  });
  const hasContact = support.phone !== null || support.email !== null;
  // While the chat starts (up to 10 s) and once it runs, the chat is the widget.
  if (chat === 'loading' || chat === 'ready' || !hasContact) return null;
  return <SupportContact phone={support.phone} email={support.email} />;
}

const SupportIcon = () => (
  <Icon>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="2" y="14" width="5" height="7" rx="2" />
    <rect x="17" y="14" width="5" height="7" rx="2" />
  </Icon>
);

/** A phone number as a tel: link wants it: digits and a leading +. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function SupportContact({ phone, email }: { phone: string | null; email: string | null }) {
  const { t } = useTranslation('support');
  const [open, setOpen] = useState(false);
  const narrow = useNarrowScreen();
  return (
    <>
      <button
        type="button"
        className="bar-button support-launcher no-print"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SupportIcon />
        {/* On a phone the bar has room for the icon only; the text stays its name. */}
        <span className={narrow ? 'visually-hidden' : 'support-launcher__text'}>{t('open')}</span>
      </button>
      {open && (
        <Modal title={t('title')} onClose={() => setOpen(false)} className="support-contact">
          <p>{t('intro')}</p>
          <ul className="support-contact__list">
            {phone !== null && (
              <li>
                <span className="support-contact__label">{t('phone')}</span>
                <a href={telHref(phone)}>{phone}</a>
              </li>
            )}
            {email !== null && (
              <li>
                <span className="support-contact__label">{t('email')}</span>
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            )}
          </ul>
        </Modal>
      )}
    </>
  );
}
