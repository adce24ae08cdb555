// A player's colour by place number (docs/product.md section 3), with its name for screen readers.
import { colourOfPlace, type PlaceColour } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';

const CSS_COLOURS: Record<PlaceColour, string> = {
  yellow: '#f2c200',
  blue: '#1f6fd1',
  orange: '#ef7d00',
  purple: '#7d3cb5',
  green: '#2e9e44',
  red: '#d32f2f',
  cyan: '#00acc1',
  black: '#1b1f24',
};

export function ColourSwatch({ place }: { place: number }) {
  const { t } = useTranslation('devices');
  const colour = colourOfPlace(place);
  return (
    <span
      className="device-colour"
      style={{ background: CSS_COLOURS[colour] }}
      role="img"
      aria-label={t(`colours.${colour}`)}
    />
  );
}
