// The app: store, translations and routes.
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { createAppRouter } from './router';
import { makeStore } from './store';

const i18n = initI18n();

export function App() {
  const [store] = useState(() => makeStore());
  const [router] = useState(() => createAppRouter());
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>
  );
}
