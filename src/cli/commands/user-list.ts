// `user:list`: a tenant's users, every page.
import { Option, type Command } from 'commander';
import type { Role } from '../../db/schema.js';
import type { UserStatus } from '../../modules/tenancy/user.repository.js';
import { ROLES, userResource, type UserResource } from '../../modules/tenancy/user.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

const userLine = (u: UserResource) => `${u.id}  ${u.email}  ${u.name}  ${u.role}  ${u.status}`;

export function registerUserList(program: Command, { config, print, requireTenant }: CommandKit): void {
  program
    .command('user:list')
    .description("List a tenant's users.")
    .requiredOption('--tenant <id>', 'tenant id')
    .addOption(new Option('--role <role>', 'only this role').choices(ROLES))
    .addOption(new Option('--status <status>', 'only this status').choices(['invited', 'active', 'deactivated']))
    .option('--search <text>', 'name or e-mail contains')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; role?: Role; status?: UserStatus; search?: string; json?: boolean }) => {
      const users = await withServices(config, async (s) => {
        await requireTenant(s, o.tenant);
        const all: UserResource[] = [];
        for (let page = 1; ; page++) {
          const result = await s.userAdministration.service.list(
            o.tenant,
            { role: o.role, status: o.status, search: o.search, sort_by: 'email', sort_direction: 'asc' },
            { page, per_page: 100 },
          );
          all.push(...result.items.map(userResource));
          if (all.length >= result.total || result.items.length === 0) return all;
        }
      });
      print(!!o.json, { users }, users.map(userLine).join('\n') || 'No users.');
    });
}
