// An audit entry as a sentence a person reads on Home: who did what to which record ("Ada signed in", "Ada
// submitted purchase order PO-0012 for approval"). One table of the actions whose wording is not the plain
// "<who> <verb> <record>", a record named by what its entry (or another entry of the same record on the page)
// recorded of it, and, for an action not in the table, a sentence built from the action's own words.
import type { components } from '../../../clients/typescript/src/openapi';

type AuditEntry = components['schemas']['AuditLogEntry'];
export type ActivityEntry = Pick<AuditEntry, 'action' | 'entity_type' | 'entity_id' | 'actor' | 'changes'>;

/** Nouns whose plain spelling from the entity type reads wrong. */
const NOUNS: Readonly<Record<string, string>> = {
  api_token: 'API token',
  tenant: 'organisation',
  webhook_subscription: 'webhook',
  webhook_delivery: 'webhook delivery',
};

/** The fields that name a record, most telling first. */
const LABEL_FIELDS = ['po_number', 'name', 'sku', 'code', 'email', 'filename', 'display_name'];

/**
 * Actions whose sentence is not "<who> <verb> <record>": `{record}` is the record ("purchase order PO-0012", or
 * "a purchase order" when nothing names it).
 */
const SENTENCES: Readonly<Record<string, string>> = {
  'auth.signed_in': 'signed in',
  'auth.sign_in_failed': 'failed to sign in',
  'user.password_changed': 'changed their password',
  'user.password_set': 'set their password',
  'tenant.updated': 'changed the organisation settings',
  'purchase_order.submitted_for_approval': 'submitted {record} for approval',
  'product.submitted_for_review': 'submitted {record} for review',
  'product.returned_for_revisions': 'returned {record} for revisions',
  'product.price_changed': 'changed the price of {record}',
  'purchase_order.partially_received': 'received part of {record}',
  'category.featured_toggled': 'changed whether {record} is featured',
  'webhook_subscription.tested': 'sent a test event to {record}',
  'webhook_delivery.retried': 'retried {record}',
};

function nounOf(entityType: string): string {
  return NOUNS[entityType] ?? entityType.replace(/_/g, ' ');
}

/** What the entry recorded of the record's name, before or after the change; null when it recorded none. */
export function recordLabel(entry: Pick<ActivityEntry, 'changes'>): string | null {
  for (const field of LABEL_FIELDS) {
    const change = entry.changes?.[field];
    const value = change?.after ?? change?.before;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The record's label from any entry of the page about it: a submission names no PO number, its creation does. */
export function recordLabels(entries: readonly ActivityEntry[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const entry of entries) {
    const label = recordLabel(entry);
    const key = entry.entity_id && `${entry.entity_type}:${entry.entity_id}`;
    if (key && label && !labels.has(key)) labels.set(key, label);
  }
  return labels;
}

function whoOf(actor: ActivityEntry['actor'], userNames: ReadonlyMap<string, string>): string {
  if (actor.type === 'system') return 'The system';
  const name = (actor.user_id && userNames.get(actor.user_id)) || actor.name;
  if (actor.type === 'cli') return name ? `${name} (command line)` : 'An operator (command line)';
  const who = name ?? 'Someone';
  return actor.type === 'token' ? `${who} (API token)` : who;
}

function recordOf(entry: ActivityEntry, labels: ReadonlyMap<string, string>): string {
  const noun = nounOf(entry.entity_type);
  const label =
    recordLabel(entry) ?? (entry.entity_id ? labels.get(`${entry.entity_type}:${entry.entity_id}`) : undefined);
  if (label) return `${noun} ${label}`;
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * The sentence of an entry. `userNames` names users by id (their e-mail at the time is the fallback); `labels`
 * names records the entry itself does not (see `recordLabels`).
 */
export function activitySentence(
  entry: ActivityEntry,
  userNames: ReadonlyMap<string, string> = new Map(),
  labels: ReadonlyMap<string, string> = new Map(),
): string {
  const who = whoOf(entry.actor, userNames);
  const record = recordOf(entry, labels);
  const known = SENTENCES[entry.action];
  if (known) return `${who} ${known.replace('{record}', record)}`;
  const verb = (entry.action.split('.').pop() ?? entry.action).replace(/_/g, ' ');
  // "created", "approved", "moved": a past tense reads after the actor; anything else is quoted as the action.
  if (/ed$/.test(verb)) return `${who} ${verb} ${record}`;
  return `${who}: ${verb} (${record})`;
}
