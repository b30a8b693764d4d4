// User administration: the tenant's users for its administrators, a user's own account, and the one-time links
// to set a password. Built after sign-in (deactivation and password changes end sessions); its routes are
// registered by the app.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import type { ServiceLog } from '../../lib/service-log.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { SessionService } from '../auth/sessions/session.service.js';
import { AccountService } from './account.service.js';
import { PasswordLinkRepository } from './password-link.repository.js';
import { PasswordLinks } from './password-links.js';
import { UserAdministrationService } from './user-administration.service.js';
import type { UserRepository } from './user.repository.js';
import { userRoutes } from './user.routes.js';
import type { UserService } from './user.service.js';

export interface UserAdministrationDeps {
  db: Executor;
  users: UserRepository;
  userService: UserService;
  sessions: SessionService;
  audit: AuditLog;
  mailer: Mailer;
  log: ServiceLog;
  clock: Clock;
  newId: IdGenerator;
}

export function createUserAdministration(deps: UserAdministrationDeps) {
  const { db, users, userService, sessions, audit, mailer, log, clock, newId } = deps;
  const links = new PasswordLinks({ links: new PasswordLinkRepository(), mailer, log, clock, newId });
  const service = new UserAdministrationService({ db, users, userService, links, sessions, audit, clock, newId });
  const account = new AccountService({ db, users, links, sessions, audit, clock });
  return { service, account, routes: userRoutes({ service }) };
}
