// The audit log as the console reads it: an entry's changed fields as rows, values printed for people, and the
// date filters (whole days in the browser's time zone) as the instants the API compares with.
import type { components } from '../../../clients/typescript/src/openapi';

export type AuditEntry = components['schemas']['AuditLogEntry'];

export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

/** null and absent read as an em dash; text as itself; anything else as compact JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function changedFields(entry: Pick<AuditEntry, 'changes'>): ChangedField[] {
  return Object.entries(entry.changes ?? {}).map(([field, change]) => ({
    field,
    before: formatAuditValue(change.before),
    after: formatAuditValue(change.after),
  }));
}

/** `2026-11-20` → the instant that day starts here; with `endOfDay`, the instant the next day starts (the API's `to` is exclusive). */
export function dayBoundary(day: string, endOfDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (endOfDay ? 1 : 0));
  return date.toISOString();
}

export function actorLabel(actor: AuditEntry['actor']): string {
  const kind = { user: 'User', token: 'API token', cli: 'CLI', system: 'System' }[actor.type];
  return actor.name ? `${actor.name} (${kind})` : kind;
}
