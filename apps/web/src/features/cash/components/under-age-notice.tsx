// A deposit for a customer under 18 is refused: say so, count down, then close the modal.
import { UNDER_AGE_COUNTDOWN_S } from '@cashdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function UnderAgeNotice({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('cash');
  const [seconds, setSeconds] = useState(UNDER_AGE_COUNTDOWN_S);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    const tick = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    const close = setTimeout(() => onDoneRef.current(), UNDER_AGE_COUNTDOWN_S * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(close);
    };
  }, []);
  return (
    <div className="cash-step" role="alert">
      <p className="cash-step__question">{t('underAge.message')}</p>
      <p>{t('underAge.countdown', { seconds })}</p>
    </div>
  );
}
