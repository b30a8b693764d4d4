import { page, type Area } from '../app/area';

/** The abilities that show events of some entity (docs/abilities.md): a holder of any of them has a feed to read. */
const EVENT_VIEW_ABILITIES = [
  'operations:view-products',
  'operations:view-inventory',
  'operations:view-purchase-orders',
  'sales:view-orders',
  'crm:view-customers',
  'sales:view-invoices',
] as const;

export const webhooks: Area = {
  label: 'Integrations',
  routes: [
    { path: 'webhooks', lazy: page(() => import('./WebhooksPage'), 'WebhooksPage') },
    { path: 'webhooks/:id', lazy: page(() => import('./WebhookDetailPage'), 'WebhookDetailPage') },
    { path: 'events', lazy: page(() => import('./EventFeedPage'), 'EventFeedPage') },
  ],
  navigation: [
    { label: 'Webhooks', to: '/webhooks', ability: 'system:view-webhooks' },
    { label: 'Event feed', to: '/events', ability: EVENT_VIEW_ABILITIES },
  ],
};
