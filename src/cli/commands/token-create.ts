// `token:create`: an API token for a user, created active (an operator act is the approval).
import { Option, type Command } from 'commander';
import type { TokenType } from '../../db/schema.js';
import { TOKEN_TYPE_DESCRIPTION } from '../../modules/auth/tokens/token.schemas.js';
import { TOKEN_TYPES, tokenResource } from '../../modules/auth/tokens/token.service.js';
import { positiveInteger, withServices, type CommandKit } from '../command-kit.js';

export function registerTokenCreate(program: Command, { config, print, requireTenant }: CommandKit): void {
  program
    .command('token:create')
    .description('Create an API token for a user; created active (an operator act is the approval).')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the token owner's e-mail")
    .requiredOption('--name <name>', 'token name')
    .addOption(
      new Option('--type <type>', `token type: ${TOKEN_TYPE_DESCRIPTION}`).choices(TOKEN_TYPES).default('personal'),
    )
    .requiredOption('--abilities <list>', 'comma-separated abilities, e.g. operations:view-products,operations:*')
    .option('--expiration-days <days>', 'days until expiry, 1..3650 (default by type)', positiveInteger)
    .option('--ip-whitelist <list>', 'comma-separated IPs or CIDR ranges (integration tokens)')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        tenant: string;
        email: string;
        name: string;
        type: TokenType;
        abilities: string;
        expirationDays?: number;
        ipWhitelist?: string;
        json?: boolean;
      }) => {
        const issued = await withServices(config, async (s) => {
          await requireTenant(s, o.tenant);
          const user = await s.users.findByEmail(o.tenant, o.email);
          if (!user) throw new Error(`No user ${o.email} in tenant ${o.tenant}.`);
          return s.tokens.issue({
            tenantId: o.tenant,
            userId: user.id,
            name: o.name,
            type: o.type,
            abilities: o.abilities
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean),
            expirationDays: o.expirationDays ?? null,
            ipWhitelist:
              o.ipWhitelist
                ?.split(',')
                .map((a) => a.trim())
                .filter(Boolean) ?? null,
            preApproved: true,
          });
        });
        print(
          !!o.json,
          { token: tokenResource(issued.token), plain_text_token: issued.plainText },
          `Token ${issued.token.name} (${issued.token.id}) created. It will not be shown again:\n${issued.plainText}`,
        );
      },
    );
}
