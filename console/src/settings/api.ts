// The Settings area's reads and the keys they are cached under: every key starts with 'settings', so that a
// write invalidates what the screens show of the resource it changed.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { dayBoundary, type AuditEntry } from './audit';

export const settingsKeys = {
  tokens: ['settings', 'api-tokens'] as const,
  tokenList: (query: object) => ['settings', 'api-tokens', query] as const,
  users: ['settings', 'users'] as const,
  userList: (query: object) => ['settings', 'users', query] as const,
  userOptions: ['settings', 'users', 'for-filter'] as const,
  tenant: ['settings', 'tenant'] as const,
  abilities: ['settings', 'abilities'] as const,
  auditLog: (filters: object) => ['settings', 'audit-log', filters] as const,
};

type UserListQuery = NonNullable<operations['listUsers']['parameters']['query']>;
type TokenListQuery = NonNullable<operations['listApiTokens']['parameters']['query']>;

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: settingsKeys.userList(query),
    queryFn: () => unwrap(api.GET('/api/v1/users', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Every user by name (the API's largest page), for a filter; an organisation has a few dozen. */
export function useUserOptions() {
  return useQuery({
    queryKey: settingsKeys.userOptions,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/users', {
            params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } },
          }),
        )
      ).data,
    staleTime: 60_000,
  });
}

export function useApiTokens(query: TokenListQuery) {
  return useQuery({
    queryKey: settingsKeys.tokenList(query),
    queryFn: () => unwrap(api.GET('/api/v1/api-tokens', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The abilities a token may be granted; the catalogue changes only with the service. */
export function useAbilityCatalogue() {
  return useQuery({
    queryKey: settingsKeys.abilities,
    queryFn: async () => (await unwrap(api.GET('/api/v1/api-tokens/abilities'))).data,
    staleTime: Infinity,
  });
}

export function useTenant() {
  return useQuery({
    queryKey: settingsKeys.tenant,
    queryFn: async () => (await unwrap(api.GET('/api/v1/tenant'))).data,
  });
}

export interface AuditLogFilters {
  actor_type?: string;
  actor_id?: string;
  entity_type?: string;
  action?: string;
  /** Days (`2026-03-01`), each taken whole. */
  from?: string;
  to?: string;
}

/** The audit log, newest first, a page at a time: each next page continues before the last entry read. */
/** The audit log's filters as the API takes them. */
export function auditLogQuery(filters: AuditLogFilters) {
  return {
    actor_type: filters.actor_type as AuditEntry['actor']['type'] | undefined,
    actor_id: filters.actor_id,
    entity_type: filters.entity_type,
    action: filters.action,
    from: filters.from ? dayBoundary(filters.from) : undefined,
    to: filters.to ? dayBoundary(filters.to, true) : undefined,
  };
}

export function useAuditLog(filters: AuditLogFilters, perPage: number) {
  return useInfiniteQuery({
    queryKey: settingsKeys.auditLog(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/v1/audit-log', {
          params: { query: { per_page: perPage, before: pageParam, ...auditLogQuery(filters) } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.has_more && last.meta.cursor ? last.meta.cursor : undefined),
  });
}
