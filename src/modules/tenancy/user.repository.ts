import type { Executor } from '../../db/transaction.js';
import type { NewUser, User } from '../../db/schema.js';

export class UserRepository {
  async insert(db: Executor, user: NewUser): Promise<User> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async findByEmail(db: Executor, tenantId: string, email: string): Promise<User | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }
}
