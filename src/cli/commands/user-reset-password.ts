// `user:reset-password`: a one-time link, e-mailed or printed.
import type { Command } from 'commander';
import { OPERATOR } from '../../modules/tenancy/user-authority.js';
import { userResource } from '../../modules/tenancy/user.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

export function registerUserResetPassword(program: Command, { config, print, requireUser }: CommandKit): void {
  program
    .command('user:reset-password')
    .description(
      'Start a password reset: a one-time link valid for an hour, e-mailed with SMTP_URL, printed otherwise.',
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the user's e-mail")
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; email: string; json?: boolean }) => {
      const { user, delivery } = await withServices(config, async (s) => {
        const current = await requireUser(s, o.tenant, o.email);
        return s.userAdministration.service.startPasswordReset(o.tenant, current.id, OPERATOR, config.publicUrl);
      });
      const text = delivery.email_sent
        ? `Password reset link e-mailed to ${user.email}; it works once, until ${delivery.expires_at}.`
        : `Password reset link for ${user.email} (works once, until ${delivery.expires_at}); it will not be shown again:\n${delivery.url}`;
      print(!!o.json, { user: userResource(user), password_link: delivery }, text);
    });
}
