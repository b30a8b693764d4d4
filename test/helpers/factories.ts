// Factories: the smallest calls that make a valid record, through the services (so rules still hold).
import type { Role, TokenType } from '../../src/db/schema.js';
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
  const { tenant, user, warehouse } = await services.tenants.create({ name, adminEmail, adminPassword: 'correct-horse-battery' });
  return { tenantId: tenant.id, adminId: user.id, adminEmail, defaultWarehouseId: warehouse.id };
}

export async function makeUser(services: Services, tenantId: string, role: Role = 'viewer') {
  return services.users.create({ tenantId, role, name: `User ${next()}`, email: `user-${next()}@example.test`, password: 'correct-horse-battery' });
}

export interface TokenOptions {
  abilities?: string[];
  type?: TokenType;
  expirationDays?: number;
  ipWhitelist?: string[];
  preApproved?: boolean;
}

/** Issues a token for a user and returns its plain text. */
export async function makeToken(services: Services, tenantId: string, userId: string, options: TokenOptions = {}): Promise<string> {
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
