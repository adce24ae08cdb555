// An eye (shown) or a struck-through eye (hidden) for show/hide toggles; decorative, the button is labelled.
import { Icon } from './icon';

export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon className="eye-icon" size={22}>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <line x1="3" y1="21" x2="21" y2="3" />}
    </Icon>
  );
}
