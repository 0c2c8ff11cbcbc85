import { type FirstFrameKind, firstFrameOf } from '@elearn/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { framesOf } from '../../build/first-frame';
import de from '../i18n/de.json';
import type { LayoutName } from './page-types';
import { PAGES } from './pages';

/** what each layout starts with: the frame the server draws must be the same (issue 13) */
const FRAME_OF_LAYOUT: Record<LayoutName, FirstFrameKind> = {
  default: 'page',
  hero: 'home',
  seminar: 'page',
  seminarSide: 'page',
  chapter: 'page',
  mcTest: 'page',
  mcTestSide: 'page',
  admin: 'area',
  trainer: 'area',
  noAuth: 'none',
};

/** a path of the pattern with a value for every parameter */
const samplePath = (pattern: string) => pattern.replace(/:[a-z]+\??/gi, 'x1').replace(/\/$/, '') || '/';

describe('the first frame (issue 13)', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it.each(PAGES.map((page) => [page.id, page] as const))(
    'the server draws what the layout of %s starts with',
    (_id, page) => {
      const path = samplePath(page.path);
      // a page without the new-app banner starts with the navbar alone (issue 32 item 13)
      const frame = page.newAppBanner === false ? 'area' : FRAME_OF_LAYOUT[page.layout];
      expect(firstFrameOf(path)).toBe(frame);
      expect(firstFrameOf(`/en${path === '/' ? '' : path}`)).toBe(frame);
    },
  );

  it('has the classes of the navbar and the banner the app renders in its place', async () => {
    renderApp('/impress');
    const banner = await screen.findByRole('note');
    const frame = document.createElement('div');
    frame.innerHTML = framesOf(de, '/logo.svg').withBanner;
    const chain = (el: Element | null, stop: string) => {
      const out: string[] = [];
      for (let e = el; e && !e.matches(stop); e = e.parentElement) out.unshift(e.className);
      return out;
    };
    const appNotification = banner.closest('.notification');
    const frameNotification = frame.querySelector('.notification');
    expect(chain(frameNotification, '.layout')).toEqual(chain(appNotification, '.layout'));
    const appNav = document.querySelector('nav.navbar');
    expect(frame.querySelector('nav')?.className).toBe(appNav?.className);
    expect(chain(frame.querySelector('.navbar-logo'), 'nav')).toEqual(
      chain(appNav?.querySelector('.navbar-logo') ?? null, 'nav'),
    );
  });

  it("draws the cookie notice with the app notice's classes and texts (session 10)", async () => {
    renderApp('/impress');
    const dialog = await screen.findByRole('dialog');
    const frame = document.createElement('div');
    frame.innerHTML = framesOf(de, '/logo.svg').consent;
    const chain = (el: Element | null) => {
      const out: string[] = [];
      for (
        let e = el;
        e && !e.classList.contains('first-frame-consent') && e !== document.body;
        e = e.parentElement
      )
        out.unshift(`${e.tagName}.${e.className}`);
      return out;
    };
    const appModal = dialog.closest('.modal');
    for (const selector of ['.modal-card-title', '.content p', '.modal-card-foot .button']) {
      const own = frame.querySelector(selector);
      const app = appModal?.querySelector(selector) ?? null;
      expect(own, selector).not.toBeNull();
      // the same boxes; the frame's button is a span and its link has no address (nothing to focus)
      expect(chain(own).map((c) => c.replace(/^SPAN\./, 'BUTTON.'))).toEqual(chain(app));
      expect(own?.textContent).toBe(app?.textContent);
    }
    expect(frame.querySelectorAll('[href], button, input, [tabindex]')).toHaveLength(0);
  });

  it("draws a guest's home hero with the page's classes and texts, nothing to focus (session 11)", async () => {
    renderApp('/');
    const title = await screen.findByRole('heading', { level: 1 });
    const frame = document.createElement('div');
    frame.innerHTML = framesOf(de, '/logo.svg').heroWithBanner;
    const app = title.closest('.layout');
    const own = frame.querySelector('.layout');
    expect(own?.className).toBe(app?.className);
    const chain = (el: Element | null) => {
      const out: string[] = [];
      for (let e = el; e && !e.classList.contains('layout'); e = e.parentElement) {
        out.unshift(`${e.tagName}.${e.getAttribute('class')}`);
      }
      return out;
    };
    // (the texts are the catalog's: the page module under test may hold a fresh i18n instance)
    const texts: Record<string, string | null> = {
      h1: de.home.title,
      '.subtitle': de.home.subtitle,
      '.buttons > :first-child': de.home.register,
      '.buttons > :last-child': de.home.login,
      svg: '',
    };
    for (const [selector, text] of Object.entries(texts)) {
      const drawn = own?.querySelector(selector) ?? null;
      const real = app?.querySelector(`.hero ${selector}`) ?? null;
      expect(drawn, selector).not.toBeNull();
      // the same boxes; the frame's buttons are spans (the app's are links)
      expect(chain(drawn).map((c) => c.replace(/^SPAN\.button/, 'A.button'))).toEqual(chain(real));
      expect(drawn?.textContent).toBe(text);
    }
    expect(own?.querySelector('svg')?.getAttribute('viewBox')).toBe(
      app?.querySelector('.hero svg')?.getAttribute('viewBox'),
    );
    expect(frame.querySelectorAll('[href], button, input, [tabindex]')).toHaveLength(0);
  });

  it('keeps the drawn cookie notice until the app has its own', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div id="first-frame" aria-hidden="true"><nav>n</nav><div class="first-frame-consent"><p class="drawn">notice</p></div></div>';
    document.body.append(root);
    const drawnModule = await import('./first-frame');
    root.remove();
    const { container } = render(<drawnModule.DrawnConsent />);
    expect(container.innerHTML).toBe(
      '<div class="first-frame-consent" aria-hidden="true"><p class="drawn">notice</p></div>',
    );

    cleanup();
    vi.resetModules();
    const plainModule = await import('./first-frame');
    const plain = render(<plainModule.DrawnConsent />);
    expect(plain.container.innerHTML).toBe('');
  });

  it("leaves the server's frame as drawn while the first page loads and takes it away with the fallback, else shows the loader", async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div id="first-frame" aria-hidden="true"><p class="drawn">frame</p></div>';
    document.body.append(root);
    const drawn = root.querySelector('.drawn');
    const drawnModule = await import('./first-frame');
    const fallback = render(<drawnModule.FirstFrame />);
    // nothing of its own: the drawn elements stay, the same nodes (a copy would lose their paint)
    expect(fallback.container.innerHTML).toBe('');
    expect(document.querySelector('.drawn')).toBe(drawn);
    expect(screen.queryByRole('status')).toBeNull();
    // the page replaces the fallback: the frame goes in that commit
    fallback.unmount();
    expect(document.getElementById('first-frame')).toBeNull();
    expect(root.innerHTML).toBe('');
    root.remove();

    cleanup();
    vi.resetModules();
    const plainModule = await import('./first-frame');
    render(<plainModule.FirstFrame />);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
