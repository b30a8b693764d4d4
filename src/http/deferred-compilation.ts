// Route schemas compiled on each route's first request, not at start. The API declares about 2,500 of them (every
// route's request parts, and a serializer for every status each route answers, the standard errors included),
// and most are never used by a given process: compiled at start they held about 30 MB of the fresh server's memory
// (docs/decisions/performance-requests.md). A schema that would not compile must still never reach a user: `compileAll`
// compiles the waiting ones, and a test runs it over the whole API.
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

export class DeferredCompilation {
  private readonly waiting = new Set<() => unknown>();

  /** `compile`, run at the first validation of the route part. Keeps the compiled function's `errors` in view. */
  validators(compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
    return (route) => {
      const compiled = this.onFirstUse(() => compile(route) as Validate);
      const validate: Validate = (data) => {
        const check = compiled();
        const result = check(data);
        validate.errors = check.errors;
        return result;
      };
      return validate as ReturnType<FastifySchemaCompiler<unknown>>;
    };
  }

  /** `compile`, run at the first answer of the route with that status. */
  serializers(compile: FastifySerializerCompiler<unknown>): FastifySerializerCompiler<unknown> {
    return (route) => {
      const compiled = this.onFirstUse(() => compile(route));
      return (data) => compiled()(data);
    };
  }

  /** Compiles every schema still waiting (a schema that does not compile throws here); answers how many. */
  compileAll(): number {
    const count = this.waiting.size;
    for (const compile of [...this.waiting]) compile();
    return count;
  }

  private onFirstUse<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const get = (): T => {
      if (compiled === undefined) {
        compiled = compile();
        this.waiting.delete(get);
      }
      return compiled;
    };
    this.waiting.add(get);
    return get;
  }
}
