// `user:deactivate` and `user:reactivate`: the same command shape, one service call apart.
import type { Command } from 'commander';
import { OPERATOR } from '../../modules/tenancy/user-authority.js';
import { userResource } from '../../modules/tenancy/user.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerUserStatus(program: Command, { config, print, requireUser }: CommandKit): void {
  const statusCommands = [
    [
      'user:deactivate',
      'Deactivate a user: sign-in refused, sessions ended and tokens suspended at once.',
      'deactivate',
      'deactivated',
    ],
    ['user:reactivate', 'Reactivate a deactivated user: sign-in and tokens work again.', 'reactivate', 'reactivated'],
  ] as const;
  for (const [name, description, change, done] of statusCommands) {
    program
      .command(name)
      .description(description)
      .requiredOption('--tenant <id>', 'tenant id')
      .requiredOption('--email <email>', "the user's e-mail")
      .option('--json', 'print JSON')
      .action(async (o: { tenant: string; email: string; json?: boolean }) => {
        const user = await withServices(config, async (s) => {
          const current = await requireUser(s, o.tenant, o.email);
          return s.userAdministration.service[change](o.tenant, current.id, OPERATOR);
        });
        print(!!o.json, { user: userResource(user) }, `User ${user.email} (${user.id}) ${done}.`);
      });
  }
}
