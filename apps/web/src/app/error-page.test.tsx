import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPageBoundary } from './error-page';

function Broken(): never {
  throw new Error('render failed');
}

describe('error page', () => {
  it('falls back to a plain message when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByTestId('error-page-failed').textContent).toBe(
      'Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten',
    );
  });
});
