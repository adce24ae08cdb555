import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GameIcon } from './game-icon';

describe('GameIcon', () => {
  it.each([
    [1, 'Rocket Game'],
    [5, 'Fruit Game'],
    [7, 'Frog'],
  ])('shows module %i as %s', (module, name) => {
    render(<GameIcon module={module} />);
    expect(screen.getByRole('img', { name })).toBeTruthy();
  });

  it.each([0, 2, 3, 99])('shows no icon for module %i', (module) => {
    const { container } = render(<GameIcon module={module} />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
