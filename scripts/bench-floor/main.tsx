/**
 * The floor of the mandated stack: the least a page can load to render one translated
 * heading with React 19, a react-router 7 data router, an RTK Query endpoint and
 * i18next + react-i18next — no app code. `npm run bench` builds it to show how much of the
 * first-screen budget the libraries alone take.
 */
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Outlet, NavLink } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/' }),
  endpoints: (b) => ({ ping: b.query<string, void>({ query: () => 'ping' }) }),
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (g) => g().concat(api.middleware),
});

function Page() {
  const { t } = useTranslation();
  const { data } = api.usePingQuery();
  return (
    <h1>
      {t('hello')}
      {data}
      <NavLink to="/x">x</NavLink>
    </h1>
  );
}

const router = createBrowserRouter([
  { path: '/', element: <Outlet />, children: [{ index: true, element: <Page /> }] },
]);

void i18next
  .use(initReactI18next)
  .init({ lng: 'zh', resources: { zh: { translation: { hello: '你好' } } } })
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
  });
