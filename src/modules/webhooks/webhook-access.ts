// Who may call the webhook routes: bearer tokens that are not personal, holding the view ability to read
// subscriptions and deliveries, and the manage ability to change where events go or to send any.
import type { TokenType } from '../../db/schema.js';
import { requireAbility } from '../../http/authentication.js';

const WEBHOOK_TOKEN_TYPES: readonly TokenType[] = ['application', 'integration'];

export const viewWebhooks = requireAbility('system:view-webhooks', { auth: 'bearer', tokenTypes: WEBHOOK_TOKEN_TYPES });
export const manageWebhooks = requireAbility('system:manage-webhooks', {
  auth: 'bearer',
  tokenTypes: WEBHOOK_TOKEN_TYPES,
});
/** For routes that answer the secret: such answers are never stored for an Idempotency-Key replay. */
export const manageWebhooksAnsweringSecret = { ...manageWebhooks, idempotency: false };
