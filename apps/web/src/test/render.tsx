// renderWithProviders: a component with a fresh store, translations and a router, as the app has them.
// Tests reach the app's store through here (makeStore and its types), not through app/.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore, type AppStore, type RootState } from '../app/store';
import i18n from '../i18n/i18n';

export { makeStore, type AppStore, type RootState };

export function renderWithProviders(
  ui: ReactElement,
  options: { preloadedState?: Partial<RootState>; store?: AppStore; route?: string } & RenderOptions = {},
) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </I18nextProvider>
      </Provider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...rest }) };
}
