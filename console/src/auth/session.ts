// Who is signed in, from GET /auth/session (GET /auth/me's answer, or null): the user, the tenant and the abilities their role gives them. The
// console shows only what these allow (hidden, or disabled with the reason where the action is expected).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';

export type CurrentUser = components['schemas']['CurrentUser'];

export const ME_KEY = ['auth', 'me'] as const;

/**
 * The signed-in user, or null when nobody is. Asked of /auth/session, which answers 200 either way: /auth/me's
 * 401 would be logged as an error by the browser on every visit to the sign-in page.
 */
async function fetchMe(): Promise<CurrentUser | null> {
  return (await unwrap(api.GET('/api/v1/auth/session'))).data;
}

export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 60_000 });
}

/** The signed-in user inside the app's pages, which render only once one is known. */
export function useCurrentUser(): CurrentUser {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser outside a signed-in page');
  return data;
}

/** `can('operations:create-products')`: whether the signed-in user may do it. */
export function useCan(): (ability: string) => boolean {
  const user = useCurrentUser();
  return (ability) => user.abilities.includes(ability);
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  return {
    /** After sign-in: the new user's data, and nothing cached from the one before. */
    signedIn: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  };
}

/** Forget everything the signed-in user could see. */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
}
