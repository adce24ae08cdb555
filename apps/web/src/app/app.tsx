// The app: store, translations and routes (main.tsx renders it once initI18n is ready).
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import i18n from '../i18n/i18n';
import { AppRouter } from './router';
import { makeStore } from './store';

export function App() {
  const [store] = useState(() => makeStore());
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppRouter />
      </I18nextProvider>
    </Provider>
  );
}
