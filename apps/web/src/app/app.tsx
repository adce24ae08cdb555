// The app: store, translations and routes (main.tsx renders it once initI18n is ready).
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import i18n from '../i18n/i18n';
import { AppRouter } from './router';
import { makeStore, type AppStore } from './store';

/** `store`: one made (and filled) before the first render (main.tsx); a new one by default. */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppRouter />
      </I18nextProvider>
    </Provider>
  );
}
