// `tenant:create`: a tenant with its MAIN warehouse and its first admin.
import { Option, type Command } from 'commander';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerTenantCreate(program: Command, { config, print, passwordOf, passwordStdin }: CommandKit): void {
  program
    .command('tenant:create')
    .description('Create a tenant with its MAIN warehouse and an admin user.')
    .requiredOption('--name <name>', 'tenant name')
    .requiredOption('--admin-email <email>', 'admin e-mail (unique across the installation)')
    .addOption(
      new Option(
        '--admin-password <password>',
        'admin password (at least 8 characters); visible to ps, prefer --password-stdin',
      ).conflicts('passwordStdin'),
    )
    .addOption(passwordStdin())
    .option('--admin-name <name>', 'admin display name', 'Administrator')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        name: string;
        adminEmail: string;
        adminPassword?: string;
        passwordStdin?: boolean;
        adminName: string;
        json?: boolean;
      }) => {
        const adminPassword = await passwordOf(o.adminPassword, o.passwordStdin, '--admin-password');
        const { tenant, user, warehouse } = await withServices(config, (s) =>
          s.tenants.create({ name: o.name, adminEmail: o.adminEmail, adminPassword, adminName: o.adminName }),
        );
        print(
          !!o.json,
          {
            tenant: { id: tenant.id, name: tenant.name },
            user: { id: user.id, email: user.email },
            warehouse: { id: warehouse.id, code: warehouse.code },
          },
          `Tenant ${tenant.name} (${tenant.id}) created with warehouse ${warehouse.code} and admin ${user.email}.`,
        );
      },
    );
}
