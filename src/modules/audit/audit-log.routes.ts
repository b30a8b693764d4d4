import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuditLogEntry } from '../../db/schema.js';
import { requireAbility } from '../../http/authentication.js';
import { requestUrlWith } from '../../http/pagination.js';
import { AuditLogQuery, AuditLogResponse, type AuditLogEntryResponse } from './audit-log.schemas.js';
import type { AuditLog } from './audit-log.service.js';

export const VIEW_AUDIT_LOGS = 'system:view-audit-logs';

export function auditEntryResource(entry: AuditLogEntry): AuditLogEntryResponse {
  return {
    id: entry.id,
    occurred_at: entry.occurred_at,
    actor: {
      type: entry.actor_type,
      user_id: entry.actor_user_id,
      token_id: entry.actor_token_id,
      name: entry.actor_name,
    },
    action: entry.action,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id,
    changes: entry.changes,
    request_id: entry.request_id,
    ip: entry.ip,
  };
}

export function auditLogRoutes({ service }: { service: AuditLog }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/audit-log',
      {
        schema: {
          tags: ['Audit log'],
          operationId: 'listAuditLog',
          summary: 'Read the audit log, newest first',
          description:
            'Every change made through the API or the CLI, with its actor, request and changed fields (docs/audit-log.md). Cursor-paged with `before`.',
          querystring: AuditLogQuery,
          response: { 200: AuditLogResponse },
        },
        config: requireAbility(VIEW_AUDIT_LOGS),
      },
      async (request) => {
        const { before, per_page, action, ...filters } = request.query;
        const page = await service.list(
          request.auth.tenantId,
          { ...filters, actions: action?.split(',') },
          before,
          per_page,
        );
        const next = page.has_more && page.cursor !== null ? requestUrlWith(request, 'before', page.cursor) : null;
        return {
          success: true as const,
          data: page.entries.map(auditEntryResource),
          meta: { per_page, has_more: page.has_more, cursor: page.cursor },
          links: { next },
        };
      },
    );
  };
}
