import { page, type Area } from '../app/area';

export const settings: Area = {
  label: 'Settings',
  routes: [
    { path: 'settings/account', lazy: page(() => import('./AccountPage'), 'AccountPage') },
    { path: 'settings/api-tokens', lazy: page(() => import('./ApiTokensPage'), 'ApiTokensPage') },
    { path: 'settings/users', lazy: page(() => import('./UsersPage'), 'UsersPage') },
    { path: 'settings/organisation', lazy: page(() => import('./OrganisationPage'), 'OrganisationPage') },
    { path: 'settings/audit-log', lazy: page(() => import('./AuditLogPage'), 'AuditLogPage') },
  ],
  navigation: [
    { label: 'My account', to: '/settings/account' },
    { label: 'API tokens', to: '/settings/api-tokens' },
    { label: 'Users', to: '/settings/users', ability: 'system:view-users' },
    { label: 'Organisation', to: '/settings/organisation' },
    { label: 'Audit log', to: '/settings/audit-log', ability: 'system:view-audit-logs' },
  ],
};
