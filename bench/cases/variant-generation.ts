// Case: variant generation, 1000 variants (10 x 10 x 10) per call on a fresh master each time, timed in-process
// through the service (rows, uniqueness checks, events, presentation, and the answer serialised as JSON), with
// and without initial stock; and the HTTP request that finds nothing missing on a fully generated master.
import type { BenchCase, BenchContext } from '../lib/runner.js';

const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const CONFIGURATION = {
  attributes: [
    { name: 'Color', values: numbered('Color ', 10) },
    { name: 'Size', values: numbered('Size ', 10) },
    { name: 'Fit', values: numbered('Fit ', 10) },
  ],
  allowCombinations: true,
};

export const variantGenerationCase: BenchCase = {
  name: 'variant-generation',
  description: 'Generate 1000 variants of a fresh master per call',
  async setup(context: BenchContext) {
    const { services, tenantId } = context;
    const masters = services.catalog.masterProducts.service;
    const variants = services.catalog.variants.service;
    const admin = await context.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    let seq = 0;
    const freshMaster = async () =>
      (await masters.create(tenantId, { name: `Bench Tee ${++seq}`, base_price: 19.99, variant_attributes: CONFIGURATION })).id;
    const generate = async (initialStock: number) => {
      const created = await variants.generate(tenantId, await freshMaster(), { initial_stock: initialStock }, admin.id);
      if (created.length !== 1000) throw new Error(`generated ${created.length} variants, expected 1000`);
      // The route answers this envelope; serialising it is part of the request's cost.
      return JSON.stringify({ success: true, message: 'Generated 1000 variant(s) successfully', data: { generated_count: 1000, variants: created } });
    };

    const started = performance.now();
    const full = await freshMaster();
    await variants.generate(tenantId, full, {}, admin.id);
    context.note(`one generation of 1000 variants during setup took ${(performance.now() - started).toFixed(0)} ms (cold)`);
    return [
      { kind: 'function', name: 'generate 1000 (service + JSON)', run: () => generate(0) },
      { kind: 'function', name: 'generate 1000, initial_stock 5', run: () => generate(5) },
      { name: 'generate, nothing missing (HTTP)', method: 'POST', path: `/api/v1/operations/master-products/${full}/variants/generate`, body: {}, expectStatus: 201 },
    ];
  },
};
