import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs } from '@/i18n/catalog';
import { DEFAULT_LOCALE, type Locale } from './locale';

export const resources = { de: { translation: catalogs.de }, en: { translation: catalogs.en } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['de', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'de';
}

/** Switches the UI language (called by the `locale` middleware from the URL prefix). */
export async function applyLocale(locale: Locale): Promise<void> {
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18n };
