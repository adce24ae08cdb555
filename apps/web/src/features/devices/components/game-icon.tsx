// The game of a device by its module (docs/product.md section 2): 1 pilot (Rocket Game), 5 fruits (Fruit Game),
// 7 frog, anything else no icon. Small inline SVGs, so the list needs no image requests.
import { MODULES, normalizeModule, type Module } from '@cashdesk/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const LABEL_KEYS: Record<Exclude<Module, 0>, string> = {
  [MODULES.rocket]: 'games.rocket',
  [MODULES.fruit]: 'games.fruit',
  [MODULES.frog]: 'games.frog',
};

function RocketShape() {
  return (
    <>
      <path d="M16 3c5 3 7 9 6 16h-12c-1-7 1-13 6-16z" fill="#0b5cad" />
      <circle cx="16" cy="12" r="2.6" fill="#fff" />
      <path d="M10 19l-4 6 6-2zM22 19l4 6-6-2z" fill="#b3261e" />
      <path d="M13 22h6l-3 7z" fill="#e08a00" />
    </>
  );
}

function FruitShape() {
  return (
    <>
      <path d="M16 9c2-4 5-5 8-5-1 3-3 5-7 6z" fill="#1e6e3a" />
      <circle cx="11" cy="20" r="6" fill="#b3261e" />
      <circle cx="21" cy="20" r="6" fill="#c0392b" />
      <path d="M11 14c1-4 3-5 5-6M21 14c-1-4-3-5-5-6" stroke="#1e6e3a" strokeWidth="1.6" fill="none" />
    </>
  );
}

function FrogShape() {
  return (
    <>
      <ellipse cx="16" cy="19" rx="11" ry="8" fill="#2e8b3a" />
      <circle cx="10" cy="10" r="4" fill="#2e8b3a" />
      <circle cx="22" cy="10" r="4" fill="#2e8b3a" />
      <circle cx="10" cy="10" r="1.8" fill="#1b1f24" />
      <circle cx="22" cy="10" r="1.8" fill="#1b1f24" />
      <path d="M10 21q6 4 12 0" stroke="#1b1f24" strokeWidth="1.6" fill="none" />
    </>
  );
}

const SHAPES: Record<Exclude<Module, 0>, () => ReactElement> = {
  [MODULES.rocket]: RocketShape,
  [MODULES.fruit]: FruitShape,
  [MODULES.frog]: FrogShape,
};

export function GameIcon({ module }: { module: number }) {
  const { t } = useTranslation('devices');
  const known = normalizeModule(module);
  if (known === MODULES.none) return null;
  const Shape = SHAPES[known];
  return (
    <svg
      className="device-game-icon"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      role="img"
      aria-label={t(LABEL_KEYS[known])}
    >
      <Shape />
    </svg>
  );
}
