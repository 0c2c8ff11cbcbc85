import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type Locale, localeFromPath, localizePath } from '@/lib/locale';

/** The language of the current page (from its URL prefix). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns an unprefixed app path into the current language's path. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
