// `user:create`: a user in a tenant, with a password and a role.
import { Option, type Command } from 'commander';
import type { Role } from '../../db/schema.js';
import { ROLES } from '../../modules/tenancy/user.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerUserCreate(
  program: Command,
  { config, print, requireTenant, passwordOf, passwordStdin }: CommandKit,
): void {
  program
    .command('user:create')
    .description('Create a user in a tenant.')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', 'e-mail (unique across the installation)')
    .addOption(
      new Option(
        '--password <password>',
        'password (at least 8 characters); visible to ps, prefer --password-stdin',
      ).conflicts('passwordStdin'),
    )
    .addOption(passwordStdin())
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--role <role>', 'role').choices(ROLES).default('viewer'))
    .option('--json', 'print JSON')
    .action(
      async (o: {
        tenant: string;
        email: string;
        password?: string;
        passwordStdin?: boolean;
        name: string;
        role: Role;
        json?: boolean;
      }) => {
        const password = await passwordOf(o.password, o.passwordStdin, '--password');
        const user = await withServices(config, async (s) => {
          await requireTenant(s, o.tenant);
          return s.users.create({ tenantId: o.tenant, email: o.email, password, name: o.name, role: o.role });
        });
        print(
          !!o.json,
          { user: { id: user.id, tenant_id: user.tenant_id, name: user.name, email: user.email, role: user.role } },
          `User ${user.email} (${user.id}) created with role ${user.role}.`,
        );
      },
    );
}
