// The Open shift screen, before the devices screen when the venue uses shifts: the cashier counts the
// drawer (the total, or notes and coins) and confirms; the count is the shift's opening cash. Log out is
// here too (nothing else is).
import { ERR } from '@cashdesk/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../../api/api-error';
import { baseApi } from '../../api/base-api';
import { errorToast } from '../../api/error-toast';
import { PageCard } from '../../components/ui/page-card';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { useLogout } from '../session';
import { useOpenShiftMutation } from './api/shift-api';
import { countKey, DrawerCountForm, useDrawerCountState, type DrawerCountValue } from './drawer-count-form';
import { addShiftTexts } from './shift-texts';
import { useAttemptTrx } from './use-count-submit';
import './shift.css';

addShiftTexts();

export function OpenShiftPage({ currency }: { currency?: string | undefined }) {
  const { t } = useTranslation('shift');
  const dispatch = useAppDispatch();
  const [openShift, { isLoading }] = useOpenShiftMutation();
  const { logout, isLoggingOut } = useLogout();
  const { trxFor, settle } = useAttemptTrx();
  const countState = useDrawerCountState();
  const title = t('open.title');
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  async function submit(count: DrawerCountValue) {
    const result = await openShift({ ...count, trx: trxFor(countKey(count)) });
    if (!result.error) {
      settle();
      dispatch(toastShown({ id: 'shift:opened', kind: 'success', key: 'shift:open.done' }));
      return; // the gate shows the devices screen
    }
    const failure = apiFailure(result.error);
    if (failure.status === 'network' || failure.status === 500) {
      dispatch(toastShown(errorToast(failure)));
      return; // a resend reuses the trx
    }
    settle();
    // Opened meanwhile (another tab): the gate reads the shift again and lets the cashier in.
    if (failure.err === ERR.shiftAlreadyOpen) dispatch(baseApi.util.invalidateTags(['Shift']));
    else dispatch(toastShown(errorToast(failure)));
  }

  const busy = isLoading || isLoggingOut;
  return (
    <PageCard labelledBy="open-shift-title">
      <h1 id="open-shift-title">{title}</h1>
      <p className="shift-hint">{t('open.hint')}</p>
      <DrawerCountForm
        state={countState}
        onSubmit={(count) => void submit(count)}
        busy={busy}
        label={t('countedCash')}
        submitLabel={t('open.confirm')}
        currency={currency}
      />
      <button
        type="button"
        className="shift-logout"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void logout();
        }}
      >
        {t('navigation:logout')}
      </button>
    </PageCard>
  );
}
