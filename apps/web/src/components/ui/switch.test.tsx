import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

describe('Switch', () => {
  it('is named by its fixed label, then its context; the state is aria-checked only', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Switch checked={false} label="Öffentlich" context="– Seminar «Projektarbeit»" onClick={onClick} />,
    );
    const off = screen.getByRole('switch', { name: 'Öffentlich – Seminar «Projektarbeit»' });
    expect(off.getAttribute('aria-checked')).toBe('false');
    expect(off.hasAttribute('aria-label')).toBe(false);
    off.click();
    expect(onClick).toHaveBeenCalledOnce();

    rerender(<Switch checked label="Öffentlich" context="– Seminar «Projektarbeit»" onClick={onClick} />);
    const on = screen.getByRole('switch', { name: 'Öffentlich – Seminar «Projektarbeit»' });
    expect(on.getAttribute('aria-checked')).toBe('true');
  });

  it('is busy and not clickable while its change is on the way', () => {
    render(<Switch checked label="Freigeschaltet" isLoading />);
    const busy = screen.getByRole('switch', { name: 'Freigeschaltet' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });
});
