// Every screen of the console. Each area's code is its own chunk, loaded on first visit.
import { createBrowserRouter } from 'react-router';
import { RequireSession } from '../auth/RequireSession';
import { NotFoundPage } from '../components/NotFoundPage';
import { ScreenLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { areas } from './areas';
import { page } from './area';
import { AppLayout } from './AppLayout';

export const router = createBrowserRouter([
  {
    // A full load of a screen whose code is not loaded yet shows this until it is (the router's "hydration").
    hydrateFallbackElement: <ScreenLoader />,
    children: [
      { path: '/sign-in', lazy: page(() => import('../auth/SignInPage'), 'SignInPage') },
      { path: '/set-password', lazy: page(() => import('../auth/SetPasswordPage'), 'SetPasswordPage') },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        errorElement: <RouteError />,
        children: [...areas.flatMap((area) => area.routes), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);
