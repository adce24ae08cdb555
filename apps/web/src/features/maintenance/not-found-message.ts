// docs/product.md section 2: without a maintenance text the page shows a 404 message in the browser's language,
// one of en, fr, fi, zh, de, es (not the app's own en/es/pt: the visitor may never have chosen one).

export const NOT_FOUND_MESSAGES = {
  en: 'The page you are looking for is not available.',
  fr: "La page que vous recherchez n'est pas disponible.",
  fi: 'Etsimäsi sivu ei ole saatavilla.',
  zh: '您要查找的页面不可用。',
  de: 'Die gesuchte Seite ist nicht verfügbar.',
  es: 'La página que busca no está disponible.',
} as const;

export type NotFoundLanguage = keyof typeof NOT_FOUND_MESSAGES;

function isNotFoundLanguage(value: string): value is NotFoundLanguage {
  return Object.hasOwn(NOT_FOUND_MESSAGES, value);
}

/**
 * The first of the browser's languages (most preferred first, e.g. ['de-AT', 'en']) that has a message,
 * by its primary subtag; English when none has.
 */
export function notFoundLanguage(browserLanguages: readonly string[]): NotFoundLanguage {
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    if (isNotFoundLanguage(primary)) return primary;
  }
  return 'en';
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
