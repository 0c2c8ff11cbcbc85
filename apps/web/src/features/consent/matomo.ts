/**
 * Matomo analytics, loaded only when the server configures it (`GET /api/config`) and the
 * visitor agreed. The tracker runs in "consent required" mode and is told when consent changes.
 */
declare global {
  interface Window {
    _paq?: unknown[][];
  }
}

let loadedFrom: string | null = null;

const queue = () => {
  window._paq ??= [];
  return window._paq;
};

export function loadMatomo(url: string, siteId: string): void {
  const base = url.replace(/\/+$/, '');
  if (loadedFrom === base) return;
  loadedFrom = base;
  const paq = queue();
  paq.push(['requireConsent']);
  paq.push(['setTrackerUrl', `${base}/matomo.php`]);
  paq.push(['setSiteId', siteId]);
  paq.push(['enableLinkTracking']);
  const script = document.createElement('script');
  script.async = true;
  script.src = `${base}/matomo.js`;
  script.dataset.matomo = 'true';
  document.head.appendChild(script);
}

export const isMatomoLoaded = () => loadedFrom !== null;

export function setMatomoConsent(given: boolean): void {
  if (!loadedFrom) return;
  queue().push([given ? 'setConsentGiven' : 'forgetConsentGiven']);
}

export function trackPageView(url: string, title: string): void {
  if (!loadedFrom) return;
  const paq = queue();
  paq.push(['setCustomUrl', url]);
  paq.push(['setDocumentTitle', title]);
  paq.push(['trackPageView']);
}
