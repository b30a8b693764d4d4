// Factories: the smallest calls that make a valid record, through the services (so rules still hold).
import type { Role, TokenType } from '../../src/db/schema.js';
import type { Executor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import { categoryRootOf } from '../../src/modules/catalog/categories/category-path.sql.js';
import type { Services } from '../../src/services.js';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface TenantFixture {
  tenantId: string;
  adminId: string;
  adminEmail: string;
  defaultWarehouseId: string;
}

export async function makeTenant(services: Services, name = `Tenant ${next()}`): Promise<TenantFixture> {
  const adminEmail = `admin-${next()}@example.test`;
  const { tenant, user, warehouse } = await services.tenants.create({
    name,
    adminEmail,
    adminPassword: 'correct-horse-battery',
  });
  return { tenantId: tenant.id, adminId: user.id, adminEmail, defaultWarehouseId: warehouse.id };
}

export async function makeUser(services: Services, tenantId: string, role: Role = 'viewer') {
  return services.users.create({
    tenantId,
    role,
    name: `User ${next()}`,
    email: `user-${next()}@example.test`,
    password: 'correct-horse-battery',
  });
}

export interface TokenOptions {
  abilities?: string[];
  type?: TokenType;
  expirationDays?: number;
  ipWhitelist?: string[];
  preApproved?: boolean;
}

/** Issues a token for a user and returns its plain text. */
export async function makeToken(
  services: Services,
  tenantId: string,
  userId: string,
  options: TokenOptions = {},
): Promise<string> {
  const issued = await services.tokens.issue({
    tenantId,
    userId,
    name: `token ${next()}`,
    type: options.type ?? 'application',
    abilities: options.abilities ?? ['*'],
    expirationDays: options.expirationDays ?? null,
    ipWhitelist: options.ipWhitelist ?? null,
    preApproved: options.preApproved ?? true,
  });
  return issued.plainText;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A tenant of its own with its admin's all-abilities token: for tests whose lists must see only their own records. */
export async function makeTenantWithToken(
  services: Services,
): Promise<{ tenant: TenantFixture; auth: { authorization: string } }> {
  const tenant = await makeTenant(services);
  return { tenant, auth: bearer(await makeToken(services, tenant.tenantId, tenant.adminId)) };
}

/**
 * A product row linked to taxonomy records, written directly: the product module owns products; the
 * taxonomy only needs links to count and guard against.
 */
export async function makeProduct(
  db: Executor,
  tenantId: string,
  links: {
    category_id?: string | null;
    brand_id?: string | null;
    supplier_id?: string | null;
    tag_ids?: string[];
  } = {},
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const suffix = next();
  await db
    .insertInto('products')
    .values({
      id,
      tenant_id: tenantId,
      name: `Product ${suffix}`,
      slug: `product-${suffix}`,
      sku: `SKU-${suffix}`.toUpperCase(),
      category_id: links.category_id ?? null,
      category_root_id: categoryRootOf(links.category_id ?? null),
      brand_id: links.brand_id ?? null,
      supplier_id: links.supplier_id ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  for (const tagId of links.tag_ids ?? []) {
    await db
      .insertInto('product_tags')
      .values({ tenant_id: tenantId, product_id: id, tag_id: tagId, created_at: now })
      .execute();
  }
  return id;
}
