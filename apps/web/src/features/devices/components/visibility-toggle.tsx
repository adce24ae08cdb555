// Visible / Hidden device lists with their counts. Hidden is offered only with can_edit_device.
import { useTranslation } from 'react-i18next';

export type Visibility = 'visible' | 'hidden';

export interface VisibilityToggleProps {
  value: Visibility;
  counts: Record<Visibility, number>;
  canSeeHidden: boolean;
  onChange: (value: Visibility) => void;
}

export function VisibilityToggle({ value, counts, canSeeHidden, onChange }: VisibilityToggleProps) {
  const { t } = useTranslation('devices');
  const options: Visibility[] = canSeeHidden ? ['visible', 'hidden'] : ['visible'];
  return (
    <div className="devices-segmented" role="group" aria-label={t('visibility.label')}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="devices-segmented__option"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {t(`visibility.${option}`)} <span className="devices-segmented__count">{counts[option]}</span>
        </button>
      ))}
    </div>
  );
}
