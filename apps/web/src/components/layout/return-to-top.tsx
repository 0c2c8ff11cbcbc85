import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SHOW_AFTER_PX = 300;

/** 50 px round button, 20 px from the bottom right, once the page has been scrolled. */
export function ReturnToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  // no reading of scrollY at mount: it would force a layout of the page in the middle of its first
  // render (issue 13); a page that opens scrolled (restored scroll position) fires a scroll event
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className="return-to-top"
      aria-label={t('common.backToTop')}
      title={t('common.backToTop')}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">▲</span>
    </button>
  );
}
