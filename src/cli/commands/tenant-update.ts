// `tenant:update`: a tenant's settings, only the options given.
import type { Command } from 'commander';
import type { TenantUpdateBody } from '../../modules/tenancy/tenant.schemas.js';
import { tenantResource } from '../../modules/tenancy/tenant.service.js';
import { withServices, type CommandKit } from '../command-kit.js';

/** The text settings, which the command sets; the sales settings are the API's (PATCH /tenant). */
type TextSetting = Exclude<
  keyof TenantUpdateBody,
  'sales_approval_threshold' | 'allocation_strategy' | 'auto_allocate_backorders'
>;

/** The options of tenant:update, as Commander names them, and the settings they set. */
const TENANT_SETTING_OPTIONS: ReadonlyArray<[string, TextSetting]> = [
  ['name', 'name'],
  ['defaultCurrency', 'default_currency'],
  ['timeZone', 'time_zone'],
  ['addressLine1', 'address_line1'],
  ['addressLine2', 'address_line2'],
  ['city', 'city'],
  ['region', 'region'],
  ['postalCode', 'postal_code'],
  ['country', 'country'],
  ['taxId', 'tax_id'],
  ['purchaseOrderFooter', 'purchase_order_footer'],
];

export function registerTenantUpdate(program: Command, { config, print, requireTenant }: CommandKit): void {
  program
    .command('tenant:update')
    .description("Change a tenant's settings; only the options given change, an empty value clears optional text.")
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--name <name>', 'company name')
    .option('--default-currency <code>', 'ISO 4217 code used where a request omits a currency')
    .option('--time-zone <zone>', 'IANA time zone (Europe/Berlin); empty: UTC')
    .option('--address-line1 <text>', 'first address line')
    .option('--address-line2 <text>', 'second address line')
    .option('--city <text>', 'city')
    .option('--region <text>', 'state, province or county')
    .option('--postal-code <text>', 'postal code')
    .option('--country <code>', 'ISO 3166-1 alpha-2 code (DE)')
    .option('--tax-id <text>', 'tax identifier')
    .option('--purchase-order-footer <text>', 'footer of purchase-order documents and e-mails')
    .option('--json', 'print JSON')
    .action(async (o: Record<string, string | boolean | undefined> & { tenant: string; json?: boolean }) => {
      const input: TenantUpdateBody = {};
      for (const [option, field] of TENANT_SETTING_OPTIONS) {
        const value = o[option];
        if (typeof value === 'string') input[field] = value;
      }
      if (Object.keys(input).length === 0) throw new Error('Nothing to change: give at least one setting.');
      const tenant = await withServices(config, async (s) => {
        await requireTenant(s, o.tenant);
        return s.tenants.update(o.tenant, input);
      });
      const resource = tenantResource(tenant);
      print(!!o.json, { tenant: resource }, `Tenant ${tenant.name} (${tenant.id}) updated.`);
    });
}
