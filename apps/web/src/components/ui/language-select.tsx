// The language dropdown: each language by its own name; the choice applies at once and is remembered
// (i18next caches it in localStorage `lng`). Disabled when there is nothing to choose (docs/product.md section 9).
import { LANGUAGES } from '@cashdesk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './language-select.css';

export function LanguageSelect({ languages = LANGUAGES }: { languages?: readonly string[] }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const value = languages.includes(current) ? current : (languages[0] ?? '');
  return (
    <div className="language-select">
      <label className="language-select__label" htmlFor={id}>
        {t('language')}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={value}
        disabled={languages.length <= 1}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`languages.${lng}`, { defaultValue: lng })}
          </option>
        ))}
      </select>
    </div>
  );
}
