import { encodeMessage } from '@elearn/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFieldMessages, useLocalizedMessage } from './field-messages';

function Message({ locale, message }: { locale: 'de' | 'en'; message?: string }) {
  return <p data-testid="message">{useLocalizedMessage(locale, message) ?? '(none)'}</p>;
}

describe('form messages by language (issue 34)', () => {
  it("shows an encoded message in the page's language, a plain one as it is", async () => {
    await loadFieldMessages('en');
    render(<Message locale="en" message={encodeMessage('validation.min', { min: 8 })} />);
    expect(screen.getByTestId('message').textContent).toBe('Must be at least 8 characters long.');
  });

  it('shows plain text and nothing for no message', () => {
    const { rerender } = render(<Message locale="de" message="Server says no." />);
    expect(screen.getByTestId('message').textContent).toBe('Server says no.');
    rerender(<Message locale="de" />);
    expect(screen.getByTestId('message').textContent).toBe('(none)');
  });
});
