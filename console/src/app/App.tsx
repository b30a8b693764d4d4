// The providers every screen relies on: the theme (light or dark as the system says, unless the user chose one in
// the account menu; Mantine keeps the choice in local storage), notifications, confirmation dialogs, the server-state cache
// and the router. A 401 from any request (the session ended) empties the cache and returns to sign-in.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { onSessionEnded } from '../api/client';
import { ApiError } from '../api/errors';
import { endSession } from '../auth/session';
import { router } from './routes';
import { cssVariables, theme } from './theme';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A refusal (4xx) will not change by asking again; a network or server failure may.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  useEffect(() => onSessionEnded(() => endSession(queryClient)), [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <Notifications position="top-right" limit={4} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
