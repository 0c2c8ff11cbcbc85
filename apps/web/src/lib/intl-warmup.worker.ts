/**
 * Runs in a worker at start (lib/intl-warmup.ts): the first Intl formatter a page makes loads
 * ICU's locale data, 30–70 ms on the main thread of a desktop and four times that on a phone.
 * ICU keeps that data for the whole renderer process, so made here, off the main thread, the
 * page's own formatters cost well under a millisecond (issue 13).
 */
// the locales the app's formatters use (lib/format.ts and the features' format modules)
for (const locale of ['de-DE', 'de-CH', 'en-US', 'en-GB']) {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }).format(1);
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(0.5);
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
  new Intl.PluralRules(locale).select(1);
}
postMessage('ready');
