// The settings lists' columns as an export writes them: what each table shows.
import type { CsvColumn } from '../lib/csv';
import { actorLabel, changedFields, type AuditEntry } from './audit';
import { roleLabel, userStatus, type ManagedUser } from './users';

export const USER_COLUMNS: ReadonlyArray<CsvColumn<ManagedUser>> = [
  { header: 'Name', value: (user) => user.name },
  { header: 'E-mail', value: (user) => user.email },
  { header: 'Role', value: (user) => roleLabel(user.role) },
  { header: 'Status', value: (user) => userStatus(user.status).label },
  { header: 'Two-factor', value: (user) => (user.two_factor_enabled ? 'On' : 'Off') },
  { header: 'Added', value: (user) => user.created_at },
];

export const AUDIT_COLUMNS: ReadonlyArray<CsvColumn<AuditEntry>> = [
  { header: 'When', value: (entry) => entry.occurred_at },
  { header: 'Actor', value: (entry) => actorLabel(entry.actor) },
  { header: 'Action', value: (entry) => entry.action },
  { header: 'Entity', value: (entry) => entry.entity_type },
  { header: 'Entity id', value: (entry) => entry.entity_id },
  {
    header: 'Changes',
    // The details a row opens, one field a line: "price: 10 → 12".
    value: (entry) =>
      changedFields(entry)
        .map((change) => `${change.field}: ${change.before} → ${change.after}`)
        .join('\n'),
  },
];
