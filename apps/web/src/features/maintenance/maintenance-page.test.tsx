// The maintenance page: the operator's text, or a 404 message in the browser's language, and a reload
// every 30 s once the server answers again.
import { MAINTENANCE_RELOAD_MS } from '@cashdesk/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { stubApi } from '../../test/stub-api';
import { MaintenancePage } from './maintenance-page';
import { NOT_FOUND_MESSAGES, notFoundLanguage } from './not-found-message';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MESSAGE = 'Back at 14:00.\nNew games are being installed.';

function renderPage(options: { message?: string | null; languages?: string[]; reachable?: boolean } = {}) {
  stubApi(
    options.message === null
      ? {}
      : {
          'GET /api/v1/maintenance': {
            body: { message: options.message ?? MESSAGE, updated_at: '2026-11-22T10:00:00.000Z' },
          },
        },
  );
  const reload = vi.fn();
  const isReachable = vi.fn(async () => options.reachable ?? true);
  renderWithProviders(
    <MaintenancePage languages={options.languages ?? ['en-GB']} reload={reload} isReachable={isReachable} />,
    { route: '/maintenance-redirect' },
  );
  return { reload, isReachable };
}

describe('maintenance page', () => {
  it("shows the operator's text, line breaks and all, under the Maintenance heading", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Maintenance', level: 1 })).toBeTruthy();
    const text = screen.getByText(/Back at 14:00/);
    expect(text.textContent).toBe(MESSAGE);
  });

  it.each([
    [['de-AT', 'en'], 'de'],
    [['fi'], 'fi'],
    [['zh-CN'], 'zh'],
    [['fr-CA', 'de'], 'fr'],
    [['es-419'], 'es'],
    [['pt-BR', 'ru'], 'en'],
  ] as const)(
    'without a text shows the 404 message in the browser language %j (%s)',
    async (languages, lang) => {
      renderPage({ message: null, languages: [...languages] });
      const heading = await screen.findByRole('heading', { name: '404', level: 1 });
      const message = screen.getByText(NOT_FOUND_MESSAGES[lang]);
      expect(message.closest('[lang]')?.getAttribute('lang')).toBe(lang);
      expect(heading.closest('section')?.getAttribute('lang')).toBe(lang);
    },
  );

  it('reloads every 30 s, and not while the server does not answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const unreachable = renderPage({ reachable: false });
    await screen.findByText(/Back at 14:00/);
    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_RELOAD_MS * 2));
    expect(unreachable.isReachable).toHaveBeenCalledTimes(2);
    expect(unreachable.reload).not.toHaveBeenCalled();
  });

  it('reloads once the server answers, after 30 s and not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { reload } = renderPage();
    await screen.findByText(/Back at 14:00/);
    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_RELOAD_MS - 100));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('notFoundLanguage', () => {
  it('takes the first browser language that has a message, by its primary subtag, else English', () => {
    expect(notFoundLanguage(['pt-PT', 'FI-fi', 'de'])).toBe('fi');
    expect(notFoundLanguage(['zh-Hant-TW'])).toBe('zh');
    expect(notFoundLanguage([])).toBe('en');
    expect(notFoundLanguage(['ja', 'ko'])).toBe('en');
  });
});
