import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeferredCompilation } from '../../src/http/deferred-compilation.js';
import { validatorCompiler } from '../../src/http/validation.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('route schemas compiled on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every schema of the API compiles', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/operations/warehouses', headers: t.auth });
    expect(get.statusCode).toBe(200);
    // Some 2,500: each route's request parts and each status it answers; the request above compiled its own.
    expect(t.app.schemaCompilation.compileAll()).toBeGreaterThan(2000);
    expect(t.app.schemaCompilation.compileAll()).toBe(0);
  });

  it('a route still validates and serialises as declared after everything is compiled', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/warehouses',
      headers: t.auth,
      payload: { name: 'North' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('code');
  });
});

describe('DeferredCompilation', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
  const route = { schema, method: 'POST', url: '/x', httpPart: 'body' };

  it('compiles a validator at its first use and passes its errors on', () => {
    const compilation = new DeferredCompilation();
    let compiled = 0;
    const validate = compilation.validators((r) => {
      compiled += 1;
      return validatorCompiler(r);
    })(route) as ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string }> | null };
    expect(compiled).toBe(0);
    expect(validate({ n: 'one' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/n', keyword: 'type' });
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiled).toBe(1);
    expect(compilation.compileAll()).toBe(0);
  });

  it('a schema that does not compile fails compileAll, before any request', () => {
    const compilation = new DeferredCompilation();
    compilation.serializers(() => {
      throw new Error('unknown keyword');
    })({ schema: {}, method: 'GET', url: '/x', httpStatus: '200' });
    expect(() => compilation.compileAll()).toThrow('unknown keyword');
  });
});
