// `events:purge`: what the retention windows let go, deleted now.
import type { Command } from 'commander';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerEventsPurge(program: Command, { config, print }: CommandKit): void {
  program
    .command('events:purge')
    .description(
      'Delete events past the retention window, expired idempotency keys, sessions and sign-in attempts, and audit entries past AUDIT_RETENTION_DAYS.',
    )
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const result = await withServices(config, (s) => s.retention.purge());
      print(
        !!o.json,
        result,
        `Deleted ${result.events_deleted} events, ${result.idempotency_keys_deleted} idempotency keys, ${result.sessions_deleted} sessions, ${result.login_attempts_deleted} sign-in attempts and ${result.audit_entries_deleted} audit entries.`,
      );
    });
}
