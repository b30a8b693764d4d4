// Helpers for the user-administration tests: unique e-mails, the grants a viewer's role allows, reading the
// audit log's entries of a user, and the token of a one-time link answered to an administrator.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

let unique = 0;

/** An e-mail no other test uses, named after what it is for. */
export function uniqueEmail(what: string): string {
  return `${what}-${Date.now().toString(36)}-${unique++}@example.test`;
}

/** Every view- ability of every module: what the viewer role allows, besides the admin-only views. */
export const EVERY_VIEW = [
  'system:view-*',
  'crm:view-*',
  'sales:view-*',
  'operations:view-*',
  'finance:view-*',
  'reporting:view-*',
];

export interface AuditRow {
  action: string;
  entity_type: string;
  entity_id: string | null;
  actor: { type: string; user_id: string | null; token_id: string | null; name: string | null };
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

/** The audit entries of one entity, newest first, read through the API as `auth`. */
export async function auditOf(
  app: FastifyInstance,
  auth: Record<string, string>,
  entityId: string,
): Promise<AuditRow[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/audit-log?entity_id=${entityId}&per_page=100`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditRow[];
}

/** The `token` of a link such as `https://host/set-password?token=…`. */
export function tokenOf(url: string | null | undefined): string {
  expect(url).toEqual(expect.stringContaining('/set-password?token='));
  return new URL(url!, 'http://localhost').searchParams.get('token')!;
}

/** Every nested string of an entry's changes, to check that no secret was written. */
export function textOf(rows: AuditRow[]): string {
  return JSON.stringify(rows);
}
