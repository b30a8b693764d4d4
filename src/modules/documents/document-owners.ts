// What each kind of owner allows: its tags, size limit and formats (docs/decisions/documents.md, Documents), plus the
// abilities that guard its documents. Reads follow the owner's own view ability; writes the ability that edits
// the owner, except suppliers, whose documents (contracts, NDAs…) have an ability of their own.
import type { DocumentOwnerType } from '../../db/schema.js';
import type { DocumentFormat } from './document-formats.js';
import type { AbilityName } from '../auth/abilities.js';

const MB = 1024 * 1024;

export interface DocumentOwner {
  readonly type: DocumentOwnerType;
  /** Path segment under /operations: `products`, `suppliers`, `purchase-orders`. */
  readonly path: string;
  /** Resource name in 404 messages. */
  readonly label: string;
  readonly allowedTags: readonly string[];
  readonly maxBytes: number;
  /** Accepted formats; null accepts any file. */
  readonly formats: readonly DocumentFormat[] | null;
  readonly viewAbility: AbilityName;
  readonly manageAbility: AbilityName;
  /** Whether a document can be renewed (the new one archives the old). */
  readonly renewable: boolean;
}

export const DOCUMENT_OWNERS: Readonly<Record<DocumentOwnerType, DocumentOwner>> = {
  product: {
    type: 'product',
    path: 'products',
    label: 'Product',
    allowedTags: [
      'thumbnail',
      'gallery',
      'primary',
      'specification',
      'manual',
      'certificate',
      'datasheet',
      'warranty',
      'compliance',
      'safety',
      'marketing',
    ],
    maxBytes: 10 * MB,
    formats: ['jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx'],
    viewAbility: 'operations:view-products',
    manageAbility: 'operations:edit-products',
    renewable: false,
  },
  supplier: {
    type: 'supplier',
    path: 'suppliers',
    label: 'Supplier',
    allowedTags: ['contract', 'certificate', 'tax_document', 'compliance', 'insurance', 'audit', 'agreement', 'nda'],
    maxBytes: 50 * MB,
    formats: null,
    viewAbility: 'operations:view-suppliers',
    manageAbility: 'operations:manage-supplier-contracts',
    renewable: true,
  },
  purchase_order: {
    type: 'purchase_order',
    path: 'purchase-orders',
    label: 'Purchase order',
    allowedTags: ['purchase_order', 'receipt', 'invoice', 'delivery_note', 'packing_slip', 'confirmation'],
    maxBytes: 20 * MB,
    // Chosen for what orders, invoices and delivery notes come as (docs/decisions/documents.md, Documents).
    formats: ['pdf', 'jpeg', 'png', 'gif', 'webp', 'tiff', 'doc', 'docx', 'xls', 'xlsx'],
    viewAbility: 'operations:view-purchase-orders',
    manageAbility: 'operations:edit-purchase-orders',
    renewable: false,
  },
};
