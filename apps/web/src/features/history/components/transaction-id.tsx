// A transaction id as the history shows it: shortened on screen (the whole id on hover and on paper)
// with a control that copies the whole id.
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { shortenTrx } from '../../../lib/trx';

export function TransactionId({ trx, narrow = false }: { trx: string; narrow?: boolean }) {
  const { t } = useTranslation('history');
  const short = shortenTrx(trx, narrow);
  return (
    <span className="history-trx">
      <span className="history-trx__short" title={trx}>
        {short}
      </span>
      <span className="history-trx__full">{trx}</span>
      <CopyButton value={trx} label={t('copyTrx', { trx: short })} />
    </span>
  );
}
