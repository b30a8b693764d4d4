// The master product form's values and the body they send: blank text is null (cleared), on create it is left
// out so that the API's defaults apply (the slug from the name, the tenant's currency).
import type { MasterProduct, MasterProductBody } from './api';

export interface MasterFormValues {
  [key: string]: unknown;
  name: string;
  slug: string;
  sku: string;
  status: MasterProduct['status'];
  brand: string;
  model: string;
  category_id: string | null;
  supplier_id: string | null;
  base_price: number | string;
  base_cost_price: number | string;
  currency: string;
  short_description: string;
  description: string;
  is_visible: boolean;
  is_featured: boolean;
}

export function formValuesOf(master: MasterProduct | null): MasterFormValues {
  return {
    name: master?.name ?? '',
    slug: master?.slug ?? '',
    sku: master?.sku ?? '',
    status: master?.status ?? 'draft',
    brand: master?.brand ?? '',
    model: master?.model ?? '',
    category_id: master?.category_id ?? null,
    supplier_id: master?.supplier_id ?? null,
    base_price: master?.base_price ?? '',
    base_cost_price: master?.base_cost_price ?? '',
    currency: master?.currency ?? '',
    short_description: master?.short_description ?? '',
    description: master?.description ?? '',
    is_visible: master?.is_visible ?? false,
    is_featured: master?.is_featured ?? false,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const amount = (value: number | string) => (value === '' ? null : Number(value));

export function masterBody(values: MasterFormValues, creating: boolean): MasterProductBody {
  const body: MasterProductBody = {
    name: values.name.trim(),
    sku: text(values.sku),
    status: values.status,
    brand: text(values.brand),
    model: text(values.model),
    category_id: values.category_id,
    supplier_id: values.supplier_id,
    base_price: amount(values.base_price),
    base_cost_price: amount(values.base_cost_price),
    short_description: text(values.short_description),
    description: text(values.description),
    is_visible: values.is_visible,
    is_featured: values.is_featured,
  };
  const slug = values.slug.trim();
  const currency = values.currency.trim().toUpperCase();
  if (slug !== '' || !creating) body.slug = slug;
  if (currency !== '' || !creating) body.currency = currency;
  return body;
}
