// The Settings area's query keys: what a write invalidates so that the screens show the new data.
export const TOKENS_KEY = ['settings', 'api-tokens'] as const;
export const USERS_KEY = ['settings', 'users'] as const;
export const TENANT_KEY = ['settings', 'tenant'] as const;
export const ABILITIES_KEY = ['settings', 'abilities'] as const;
export const AUDIT_LOG_KEY = ['settings', 'audit-log'] as const;
