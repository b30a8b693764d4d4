// `user:update`: a user's name or role, as the operator.
import { Option, type Command } from 'commander';
import type { Role } from '../../db/schema.js';
import { OPERATOR } from '../../modules/tenancy/user-authority.js';
import { ROLES, userResource } from '../../modules/tenancy/user.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerUserUpdate(program: Command, { config, print, requireUser }: CommandKit): void {
  program
    .command('user:update')
    .description("Change a user's name or role (the last active admin of a tenant keeps the admin role).")
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the user's e-mail")
    .addOption(new Option('--role <role>', 'new role').choices(ROLES))
    .option('--name <name>', 'new display name')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; email: string; role?: Role; name?: string; json?: boolean }) => {
      if (o.role === undefined && o.name === undefined) throw new Error('Nothing to change: give --role or --name.');
      const user = await withServices(config, async (s) => {
        const current = await requireUser(s, o.tenant, o.email);
        return s.userAdministration.service.update(o.tenant, current.id, { role: o.role, name: o.name }, OPERATOR);
      });
      print(
        !!o.json,
        { user: userResource(user) },
        `User ${user.email} (${user.id}) is ${user.name}, role ${user.role}.`,
      );
    });
}
