import type { TFunction } from 'i18next';

/** A total video length in seconds as "1 Std. 05 Min." / "12 min" / "40 s" in the page's language. */
export function formatVideoLength(seconds: number, t: TFunction): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return t('catalogue.length.hours', { hours, minutes: String(minutes).padStart(2, '0') });
  if (minutes > 0)
    return t('catalogue.length.minutes', { minutes: total % 60 >= 30 ? minutes + 1 : minutes });
  return t('catalogue.length.seconds', { seconds: total });
}
