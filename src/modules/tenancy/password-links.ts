// One-time links to set a password: an invitation (a new user's first password) or a reset an administrator
// started. The link's secret is shown once (in the e-mail, or to the administrator when no mail can carry it);
// the database keeps only its SHA-256. The link leads to the web console's `/set-password?token=…` under the
// public URL, which posts the token and the new password to `POST /api/v1/auth/set-password`.
import type { PasswordLink, PasswordLinkPurpose, User } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { randomBase62, sha256Hex } from '../../lib/secrets.js';
import type { ServiceLog } from '../../lib/service-log.js';
import type { PasswordLinkRepository } from './password-link.repository.js';

/** How long a link works: an invitation a week, a reset an hour. */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  invitation: 7 * 86_400_000,
  reset: 60 * 60_000,
};

/** The console page a link opens. */
export const SET_PASSWORD_PATH = '/set-password';

const SECRET_LENGTH = 43;

export interface IssuedLink {
  link: PasswordLink;
  /** The plain secret: in the link only, never stored. */
  secret: string;
}

/** How a link reached its user: by e-mail (`url` null), or answered to the administrator once (`url` set). */
export interface LinkDelivery {
  purpose: PasswordLinkPurpose;
  email_sent: boolean;
  url: string | null;
  expires_at: string;
}

/** The link's full address under `baseUrl` (the public URL, or the request's origin), or its path without one. */
export function linkUrl(baseUrl: string | null, secret: string): string {
  const base = baseUrl === null ? '' : baseUrl.replace(/\/+$/, '');
  return `${base}${SET_PASSWORD_PATH}?token=${encodeURIComponent(secret)}`;
}

function message(user: User, purpose: PasswordLinkPurpose, url: string, expiresAt: string) {
  const until = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const lines =
    purpose === 'invitation'
      ? [
          `Hello ${user.name},`,
          '',
          'You have been invited to Quartermaster. Choose your password to sign in:',
          '',
          url,
          '',
          `The link works once, until ${until}.`,
        ]
      : [
          `Hello ${user.name},`,
          '',
          'An administrator started a password reset for your Quartermaster account. Choose a new password here:',
          '',
          url,
          '',
          `The link works once, until ${until}. Until then your current password still works.`,
        ];
  return {
    to: user.email,
    subject: purpose === 'invitation' ? 'Your Quartermaster invitation' : 'Reset your Quartermaster password',
    text: `${lines.join('\n')}\n`,
  };
}

export interface PasswordLinksDeps {
  links: PasswordLinkRepository;
  mailer: Mailer;
  log: ServiceLog;
  clock: Clock;
  newId: IdGenerator;
}

export class PasswordLinks {
  private readonly links: PasswordLinkRepository;
  private readonly mailer: Mailer;
  private readonly log: ServiceLog;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: PasswordLinksDeps) {
    this.links = deps.links;
    this.mailer = deps.mailer;
    this.log = deps.log;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /** Makes a new link through `trx`; the user's earlier unused links stop working. */
  async issue(trx: Executor, user: User, purpose: PasswordLinkPurpose, createdBy: string | null): Promise<IssuedLink> {
    const now = this.clock.now();
    await this.links.expireOpen(trx, user.tenant_id, user.id, now.toISOString());
    const secret = randomBase62(SECRET_LENGTH);
    const link = await this.links.insert(trx, {
      id: this.newId(),
      tenant_id: user.tenant_id,
      user_id: user.id,
      purpose,
      token_hash: sha256Hex(secret),
      expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
      created_by: createdBy,
      created_at: now.toISOString(),
    });
    return { link, secret };
  }

  /**
   * Delivers a committed link: e-mailed when SMTP is configured and the link has an absolute address; otherwise
   * (or when the mail server refuses it) answered once, for the administrator to pass on.
   */
  async deliver(user: User, issued: IssuedLink, baseUrl: string | null): Promise<LinkDelivery> {
    const url = linkUrl(baseUrl, issued.secret);
    const { purpose, expires_at } = issued.link;
    if (this.mailer.enabled && /^https?:\/\//i.test(url)) {
      try {
        await this.mailer.send(message(user, purpose, url, expires_at));
        return { purpose, email_sent: true, url: null, expires_at };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log.warn(
          { user_id: user.id, purpose, error: reason },
          'Password link e-mail was not delivered; the link is answered instead',
        );
      }
    }
    return { purpose, email_sent: false, url, expires_at };
  }

  /** The link a secret names, if any (used or not): installation-wide, as the secret arrives before its tenant. */
  find(db: Executor, secret: string): Promise<PasswordLink | undefined> {
    if (secret.length === 0 || secret.length > 200) return Promise.resolve(undefined);
    return this.links.findByHash(db, sha256Hex(secret));
  }

  /** Spends the link through `trx`: true for the one caller that found it unused and unexpired. */
  claim(trx: Executor, link: PasswordLink): Promise<boolean> {
    return this.links.claim(trx, link.id, this.clock.now().toISOString());
  }

  /** Ends the user's unused links (deactivation, a password set some other way). */
  expireOpen(trx: Executor, user: User): Promise<void> {
    return this.links.expireOpen(trx, user.tenant_id, user.id, this.clock.now().toISOString());
  }
}
