// A corrected operation and its correction read as a linked pair, with the reason, in every language.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { CorrectionNote } from './correction-note';

const ORIGINAL = '3f2a9c1d-0000-4000-8000-000000000001';
const CORRECTION = 'b71e44a0-0000-4000-8000-000000000002';

afterEach(() => i18n.changeLanguage('en'));

describe('CorrectionNote', () => {
  it("names the correction on the original, with the manager's reason", () => {
    render(<CorrectionNote entry={{ corrected_by: CORRECTION, correction_reason: 'wrong seat' }} />);
    expect(screen.getByText('Corrected by b71e…0002 · wrong seat').getAttribute('title')).toBe(CORRECTION);
  });

  it('names the original on the correction', () => {
    render(<CorrectionNote entry={{ corrects: ORIGINAL, correction_reason: 'wrong seat' }} />);
    expect(screen.getByText('Corrects 3f2a…0001 · wrong seat')).toBeTruthy();
  });

  it('shows nothing on an operation that was never corrected', () => {
    const { container } = render(<CorrectionNote entry={{}} />);
    expect(container.innerHTML).toBe('');
  });

  it('reads in Spanish and Portuguese', async () => {
    await i18n.changeLanguage('es');
    const { rerender } = render(<CorrectionNote entry={{ corrected_by: CORRECTION }} />);
    expect(screen.getByText('Corregida por b71e…0002')).toBeTruthy();
    await i18n.changeLanguage('pt');
    rerender(<CorrectionNote entry={{ corrects: ORIGINAL }} />);
    expect(screen.getByText('Corrige 3f2a…0001')).toBeTruthy();
  });
});
