// The app's first screen as HTML, made once at build time (vite-prerender.ts) and put into index.html: a phone paints
// the header and the home page as soon as the HTML and the stylesheet arrive, not after the whole app has been fetched
// and run. The app then renders over it with the same markup (main.tsx), so nothing moves. Any other page gets the
// shell alone (header, an empty main at least a screen tall, footer): its content needs its data and its code.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { RootLayout } from './root-layout';
import { HomePage } from './routes/home';

/** Where index.html carries the prerendered markup; the server swaps it for the shell on every other page. */
export const PRERENDER_START = '<!--app-prerender-->';
export const PRERENDER_END = '<!--/app-prerender-->';

function render(path: '/' | '/_shell'): string {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderToString(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

export const prerenderHome = () => render('/');
export const prerenderShell = () => render('/_shell');
