// What the auth module reads and writes of a user to sign them in and keep their second factor: a narrow door
// onto the tenancy module's users, so that signing in never holds their repository.
import type { Executor } from '../../db/transaction.js';
import type { User, UserUpdate } from '../../db/schema.js';
import type { UserRepository } from './user.repository.js';

/** The fields of a user that two-factor setup changes. */
export type TwoFactorChange = Pick<
  UserUpdate,
  'two_factor_secret' | 'two_factor_confirmed_at' | 'two_factor_recovery_codes' | 'two_factor_last_step' | 'updated_at'
>;

export interface UserCredentialsDeps {
  users: UserRepository;
}

export class UserCredentials {
  private readonly users: UserRepository;

  constructor(deps: UserCredentialsDeps) {
    this.users = deps.users;
  }

  findByEmailForSignIn(db: Executor, email: string): Promise<User | undefined> {
    return this.users.findByEmailForSignIn(db, email);
  }

  findByIdForSignIn(db: Executor, id: string): Promise<User | undefined> {
    return this.users.findByIdForSignIn(db, id);
  }

  findById(db: Executor, tenantId: string, id: string): Promise<User | undefined> {
    return this.users.findById(db, tenantId, id);
  }

  async changeTwoFactor(db: Executor, tenantId: string, id: string, changes: TwoFactorChange): Promise<void> {
    await this.users.update(db, tenantId, id, changes);
  }

  /** Accepts a TOTP time step once, and only after the last one accepted; false otherwise. */
  claimTotpStep(db: Executor, tenantId: string, id: string, step: number): Promise<boolean> {
    return this.users.claimTotpStep(db, tenantId, id, step);
  }

  /** Swaps the recovery-code list only if it is still `expected`, so that a code is spent once. */
  replaceRecoveryCodes(
    db: Executor,
    tenantId: string,
    id: string,
    expected: string[],
    next: string[],
  ): Promise<boolean> {
    return this.users.replaceRecoveryCodes(db, tenantId, id, expected, next);
  }
}
