import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitle } from '@/hooks/use-page-title';
import { type Locale, localeFromPath, localizePath, stripLocale } from '@/lib/locale';
import { scriptJson } from '@/lib/script-json';
import { absoluteUrl } from '@/lib/site';

export interface PageHeadProps {
  /** the page's own title, without the site's name (it is added) */
  title: string;
  /** one or two sentences in the page's language; the site's description when missing */
  description?: string;
  /** an absolute or site-relative image for link previews; the site's image when missing */
  image?: string | null;
  /** private, logged-in and error pages: not indexed */
  noindex?: boolean;
  /** schema.org data (JSON-LD) for the page */
  jsonLd?: object | object[];
  /** the page's path without language prefix (default: the current one, without its query) */
  path?: string;
}

const SITE_IMAGE = '/og-image.png';

/**
 * The page's head: title, description, canonical address, language alternates, Open Graph and
 * Twitter card tags, robots and JSON-LD. React 19 puts the tags into `<head>`, on the server
 * (the renderer emits them first) and in the browser.
 */
export function PageHead({ title, description, image, noindex = false, jsonLd, path }: PageHeadProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const locale: Locale = localeFromPath(pathname);
  const bare = path ?? stripLocale(pathname);
  const siteName = t('app.name');
  const fullTitle = pageTitle(siteName, title);
  const text = description ?? t('app.description');
  const canonical = absoluteUrl(localizePath(bare, locale));
  const picture = image ? (/^https?:/.test(image) ? image : absoluteUrl(image)) : absoluteUrl(SITE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {noindex ? null : <link rel="canonical" href={canonical} />}
      {noindex ? null : <link rel="alternate" hrefLang="de" href={absoluteUrl(localizePath(bare, 'de'))} />}
      {noindex ? null : <link rel="alternate" hrefLang="en" href={absoluteUrl(localizePath(bare, 'en'))} />}
      {noindex ? null : (
        <link rel="alternate" hrefLang="x-default" href={absoluteUrl(localizePath(bare, 'de'))} />
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title || siteName} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={picture} />
      <meta property="og:locale" content={locale === 'en' ? 'en_GB' : 'de_CH'} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title || siteName} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={picture} />
      {jsonLd ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script (scriptJson)
          dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }}
        />
      ) : null}
    </>
  );
}
