// The login header's clock: local time HH:mm:ss with the time-zone offset, e.g. "14:03:07 (GMT+01:00)",
// refreshed every second. It is not a live region: a screen reader reads it when asked, not every second.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const CLOCK_REFRESH_MS = 1000;

const pad = (n: number) => n.toString().padStart(2, '0');

/** "GMT+01:00" for the offset the date has in this browser's time zone (at that moment, so DST counts). */
export function formatGmtOffset(date: Date): string {
  const offsetMin = -date.getTimezoneOffset();
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function formatClock(date: Date): string {
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${time} (${formatGmtOffset(date)})`;
}

export function LiveClock() {
  const { t } = useTranslation('auth');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="live-clock">
      <span className="visually-hidden">{t('clock')} </span>
      <time dateTime={now.toISOString()}>{formatClock(now)}</time>
    </p>
  );
}
