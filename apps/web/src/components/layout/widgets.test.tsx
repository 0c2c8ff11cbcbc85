import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';
import { ReturnToTop } from './return-to-top';

describe('offline notice', () => {
  it('follows navigator.onLine and the online/offline events', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toMatch(/Keine Internetverbindung/);
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('return to top', () => {
  it('appears after scrolling and scrolls back up', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ReturnToTop />);
    expect(screen.queryByRole('button', { name: 'Zum Seitenanfang' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    const button = screen.getByRole('button', { name: 'Zum Seitenanfang' });
    expect(button.className).toBe('return-to-top');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
