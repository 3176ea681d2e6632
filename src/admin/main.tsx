import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, CONSOLE_BASENAME } from './App';

/**
 * Browser (hash-free) routing: the server serves index.html for every /admin/* path, so URLs such as
 * /admin/users/42/show survive a reload. The router has no basename; <Admin basename> builds the links.
 */
const router = createBrowserRouter([{ path: `${CONSOLE_BASENAME}/*`, element: <App /> }]);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
