// `tenant:list`: every tenant with its id.
import type { Command } from 'commander';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerTenantList(program: Command, { config, print }: CommandKit): void {
  program
    .command('tenant:list')
    .description('List tenants with their ids.')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const tenants = await withServices(config, (s) => s.tenants.list());
      print(
        !!o.json,
        { tenants: tenants.map((t) => ({ id: t.id, name: t.name, created_at: t.created_at })) },
        tenants.map((t) => `${t.id}  ${t.name}`).join('\n') || 'No tenants.',
      );
    });
}
