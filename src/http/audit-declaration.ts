// What a write route leaves in the audit log (docs/audit-log.md), declared in its config beside its ability, so
// that coverage is read from the route table rather than remembered. Nothing in the app acts on it: the tests do.
// test/audit/audit-declarations.test.ts fails on a write route that declares nothing, and the test app
// (test/helpers/audit-watch.ts) checks every success of every suite against its route's declaration.

/**
 * - `recorded`: every success writes at least one entry;
 * - `when-changed`: a success writes an entry for each record it changed, and none when it changed nothing (a
 *   record already as asked, a bulk operation that found every record so);
 * - `{ exempt }`: it writes none, for the reason given (a read sent as POST, the caller's own session).
 */
export type AuditDeclaration = 'recorded' | 'when-changed' | { exempt: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
}
