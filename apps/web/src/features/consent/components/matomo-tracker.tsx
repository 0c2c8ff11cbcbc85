import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { useConsent } from '../consent-store';
import { loadMatomo, setMatomoConsent, trackPageView } from '../matomo';

/** Loads Matomo after consent (if configured), passes consent changes on, tracks page views. */
export function MatomoTracker() {
  const { data: config } = useAppConfig();
  const { consentedMatomo } = useConsent();
  const location = useLocation();
  const matomo = config?.matomo ?? null;

  useEffect(() => {
    if (!matomo) return;
    if (consentedMatomo) loadMatomo(matomo.url, matomo.siteId);
    setMatomoConsent(consentedMatomo);
  }, [matomo, consentedMatomo]);

  useEffect(() => {
    if (!matomo || !consentedMatomo) return;
    // after React committed the page, so the title is the new one
    const id = setTimeout(() => trackPageView(location.pathname + location.search, document.title), 0);
    return () => clearTimeout(id);
  }, [matomo, consentedMatomo, location.pathname, location.search]);

  return null;
}
