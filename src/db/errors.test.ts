import { describe, expect, it } from 'vitest';
import { ValidationError } from '../core/errors.js';
import { takenError, violatedUniqueField, writeUnique } from './errors.js';

const postgres = (detail: string, constraint: string) =>
  Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', detail, constraint });
const sqlite = (failed: string) =>
  Object.assign(new Error(`UNIQUE constraint failed: ${failed}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' });

const TAG_INDEXES = { slug: 'tags_tenant_slug_unique', name: 'tags_tenant_name_unique' };

describe('violatedUniqueField', () => {
  it('names the field from the columns PostgreSQL reports', () => {
    expect(
      violatedUniqueField(
        postgres('Key (tenant_id, slug)=(t, bolts) already exists.', 'tags_tenant_slug_unique'),
        TAG_INDEXES,
      ),
    ).toBe('slug');
    expect(
      violatedUniqueField(postgres('Key (tenant_id, name)=(t, Bolts) already exists.', 'other'), TAG_INDEXES),
    ).toBe('name');
  });

  it('names the field from the columns SQLite reports', () => {
    expect(violatedUniqueField(sqlite('tags.tenant_id, tags.slug'), TAG_INDEXES)).toBe('slug');
  });

  it('names the field from the index name when the driver gives only that', () => {
    expect(violatedUniqueField(sqlite("index 'tags_tenant_name_unique'"), TAG_INDEXES)).toBe('name');
    expect(violatedUniqueField(postgres('', 'tags_tenant_slug_unique'), TAG_INDEXES)).toBe('slug');
  });

  it('answers null for another index or another error', () => {
    expect(violatedUniqueField(sqlite('tags.tenant_id, tags.code'), TAG_INDEXES)).toBeNull();
    expect(
      violatedUniqueField(
        Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }),
        TAG_INDEXES,
      ),
    ).toBeNull();
    expect(violatedUniqueField(new Error('boom'), TAG_INDEXES)).toBeNull();
    expect(violatedUniqueField(undefined, TAG_INDEXES)).toBeNull();
  });
});

describe('takenError', () => {
  it('is the 422 on the field whose value is taken', () => {
    const error = takenError(sqlite('brands.tenant_id, brands.slug'), { slug: 'brands_tenant_slug_unique' });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.errors).toEqual({ slug: ['The slug has already been taken.'] });
  });

  it('words the 422 as the caller says for a field it names', () => {
    const indexes = { sku: 'products_tenant_sku_unique', barcode: 'products_tenant_barcode_unique' };
    const messages = { barcode: 'The barcode is already used by product A-1 (01h).' };
    expect(takenError(sqlite('products.tenant_id, products.barcode'), indexes, messages)?.errors).toEqual({
      barcode: [messages.barcode],
    });
    expect(
      takenError(
        postgres('Key (tenant_id, sku)=(t, A-1) already exists.', 'products_tenant_sku_unique'),
        indexes,
        messages,
      )?.errors,
    ).toEqual({
      sku: ['The sku has already been taken.'],
    });
  });

  it('is null for any other error, so the caller rethrows it', () => {
    expect(takenError(new Error('boom'), { slug: 'brands_tenant_slug_unique' })).toBeNull();
  });
});

describe('writeUnique', () => {
  it("answers the write's result", async () => {
    expect(await writeUnique(TAG_INDEXES, async () => 'stored')).toBe('stored');
  });

  it("turns the violation of a listed index into the field's 422, in the given words", async () => {
    const lost = writeUnique(TAG_INDEXES, () => Promise.reject(sqlite('tags.tenant_id, tags.slug')));
    await expect(lost).rejects.toBeInstanceOf(ValidationError);
    await expect(lost).rejects.toMatchObject({ errors: { slug: ['The slug has already been taken.'] } });
    const worded = writeUnique(TAG_INDEXES, () => Promise.reject(sqlite('tags.tenant_id, tags.name')), {
      name: 'Another tag has this name.',
    });
    await expect(worded).rejects.toMatchObject({ errors: { name: ['Another tag has this name.'] } });
  });

  it('lets any other error through as it is', async () => {
    const boom = new Error('boom');
    await expect(writeUnique(TAG_INDEXES, () => Promise.reject(boom))).rejects.toBe(boom);
    const elsewhere = sqlite('brands.tenant_id, brands.code');
    await expect(writeUnique(TAG_INDEXES, () => Promise.reject(elsewhere))).rejects.toBe(elsewhere);
  });
});
