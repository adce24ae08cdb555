// Component tests: jsdom plus the app's translations, so tests read what a person reads.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/i18n';

await initI18n();
afterEach(() => cleanup());
