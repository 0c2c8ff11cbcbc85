// the latin subset (German and English) of the weights in use; `font-display: swap`, and the
// regular, semibold and bold weights are preloaded by index.html (build/preload-font.ts)
import '@fontsource/source-sans-pro/latin-400.css';
import '@fontsource/source-sans-pro/latin-400-italic.css';
import '@fontsource/source-sans-pro/latin-600.css';
import '@fontsource/source-sans-pro/latin-700.css';
import './styles/main.scss';
// the features' styles too: the server's markup of any page is painted with every rule it needs
// (a style that came with its chunk after the first paint moved what was drawn)
import '@/components/ui/switch.css';
import '@/components/ui/table.css';
import '@/features/admin/admin.css';
import '@/features/companies/companies.css';
import '@/features/item-analysis/item-analysis.css';
import '@/features/learn/learn.css';
import '@/features/mc-tests/mc-tests.css';
import '@/features/progress/certificates.css';

/*
 * The page's entry (issue 34): the server sends a whole page (markup, head and data), so the first
 * paint needs only the stylesheet and the fonts above. The app, which hydrates that markup, is
 * fetched after the first frame: its ~150 KB of scripts no longer share the connection with the
 * stylesheet and the fonts, and the page shows before React has loaded (decisions/web.md).
 * A hidden tab paints no frame: the timer starts the app there.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import('./main').catch((error: unknown) => console.error(error));
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
