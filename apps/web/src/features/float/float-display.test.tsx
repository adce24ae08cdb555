import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FloatDisplay } from './float-display';
import type { FloatView } from './float-visibility';

const shown: FloatView = { visible: true, amountCents: 1_100_000, includesOverdraft: true, currency: 'EUR' };

beforeEach(() => localStorage.clear());

describe('FloatDisplay', () => {
  it('shows the label and the figure in units with 2 decimals', () => {
    renderWithProviders(<FloatDisplay view={shown} />);
    expect(screen.getByRole('group', { name: 'Float' })).toBeTruthy();
    expect(screen.getByText('11000.00 EUR')).toBeTruthy();
  });

  it('shows nothing when the float is not visible', () => {
    const { container } = renderWithProviders(<FloatDisplay view={{ visible: false }} />);
    expect(container.textContent).toBe('');
  });

  it('hides the figure behind asterisks and remembers it in localStorage hide_float', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FloatDisplay view={shown} />);
    const toggle = screen.getByRole('button', { name: 'Hide float' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('float-value').textContent).toContain('****');
    expect(screen.queryByText('11000.00 EUR')).toBeNull();
    expect(localStorage.getItem('hide_float')).toBe('true');
    await user.click(toggle);
    expect(screen.getByText('11000.00 EUR')).toBeTruthy();
    expect(localStorage.getItem('hide_float')).toBe('false');
  });

  it('starts hidden when hide_float was stored', () => {
    localStorage.setItem('hide_float', 'true');
    renderWithProviders(<FloatDisplay view={shown} />);
    expect(screen.getByTestId('float-value').textContent).toContain('****');
    expect(screen.getByRole('button', { name: 'Hide float' }).getAttribute('aria-pressed')).toBe('true');
  });
});
