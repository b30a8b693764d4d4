// The label documents: which products get how many labels (one product, a selection, the units of a receipt),
// checked against the layout and the bounds, then each label's content (code, name, SKU, price) for the PDF.
import { ValidationError, type FieldErrors } from '../../core/errors.js';
import type { ProductService } from '../catalog/products/product.service.js';
import type { ProductResponse } from '../catalog/products/product.schemas.js';
import type { PurchaseOrderReceivingService } from '../purchasing/purchase-orders/purchase-order-receiving.service.js';
import { formatMoney } from '../purchasing/documents/purchase-order.document.js';
import { LABEL_LAYOUTS, MAX_LABELS, isSheet, labelsPerPage, type LabelLayoutName } from './label-layouts.js';
import { renderLabelsPdf, type LabelContent } from './label-pdf.js';
import { labelCodeFor } from './label-symbology.js';

export interface LabelOptions {
  layout: LabelLayoutName;
  skip: number;
  show_price: boolean;
}

export interface LabelsPdf {
  fileName: string;
  content: Buffer;
}

export interface LabelServiceDeps {
  products: Pick<ProductService, 'get' | 'liveByIds'>;
  receipts: Pick<PurchaseOrderReceivingService, 'receiptLines'>;
}

/** What a label says of a product, as the catalog has it now. */
function productLabel(product: ProductResponse, showPrice: boolean): LabelContent {
  const priced = showPrice && product.selling_price !== null && product.currency !== null;
  return {
    name: product.name,
    sku: product.sku,
    code: labelCodeFor(product),
    price: priced ? formatMoney(product.selling_price!, product.currency!) : null,
  };
}

/** `DRL 18/V` -> `DRL_18_V`: a file name safe in a Content-Disposition header. */
function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_') || 'labels';
}

export class LabelService {
  constructor(private readonly deps: LabelServiceDeps) {}

  /** `copies` labels of one product. @throws NotFoundError('Product'), also for another tenant's. */
  async product(tenantId: string, id: string, copies: number, options: LabelOptions): Promise<LabelsPdf> {
    checkOptions(options, copies);
    const product = await this.deps.products.get(tenantId, id);
    const label = productLabel(product, options.show_price);
    return this.render(`labels-${fileSafe(product.sku)}.pdf`, Array(copies).fill(label), options);
  }

  /**
   * The labels of a selection, in its order, `copies` of each item.
   * @throws ValidationError on `items.<i>.product_id` for a product not found in the tenant, and on `items` past
   * MAX_LABELS labels.
   */
  async selection(
    tenantId: string,
    items: ReadonlyArray<{ product_id: string; copies: number }>,
    options: LabelOptions,
  ): Promise<LabelsPdf> {
    checkOptions(
      options,
      items.reduce((sum, item) => sum + item.copies, 0),
      'items',
    );
    const found = await this.deps.products.liveByIds(tenantId, [...new Set(items.map((item) => item.product_id))]);
    const products = new Map(found.map((product) => [product.id, product]));
    const errors: FieldErrors = {};
    items.forEach((item, index) => {
      if (!products.has(item.product_id)) errors[`items.${index}.product_id`] = ['No product with this id.'];
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const labels = items.flatMap((item) =>
      Array<LabelContent>(item.copies).fill(productLabel(products.get(item.product_id)!, options.show_price)),
    );
    return this.render('labels.pdf', labels, options);
  }

  /**
   * The labels of one receipt of a purchase order: one per unit received on each line (a fractional quantity
   * rounds up), or one per line. Products print as the catalog has them now; a product deleted since prints
   * the name and SKU the order line kept, its SKU as the code, and no price.
   * @throws NotFoundError('Purchase order'), NotFoundError('Receipt'); ValidationError past MAX_LABELS labels.
   */
  async receipt(
    tenantId: string,
    orderId: string,
    receiptId: string,
    per: 'unit' | 'line',
    options: LabelOptions,
  ): Promise<LabelsPdf> {
    checkOptions(options, 0);
    const lines = await this.deps.receipts.receiptLines(tenantId, orderId, receiptId);
    const counts = lines.map((line) => (per === 'unit' ? Math.ceil(line.quantity_received) : 1));
    const total = counts.reduce((sum, count) => sum + count, 0);
    if (total > MAX_LABELS) {
      throw ValidationError.field(
        'per',
        `The receipt's ${total} units make more than ${MAX_LABELS} labels: print one label per line (per=line), or print the products' labels in parts.`,
      );
    }
    const found = await this.deps.products.liveByIds(tenantId, [...new Set(lines.map((line) => line.product_id))]);
    const products = new Map(found.map((product) => [product.id, product]));
    const labels = lines.flatMap((line, index) => {
      const product = products.get(line.product_id);
      const label: LabelContent = product
        ? productLabel(product, options.show_price)
        : {
            name: line.product_name,
            sku: line.product_sku ?? '',
            code: labelCodeFor({ barcode: null, sku: line.product_sku ?? '' }),
            price: null,
          };
      return Array<LabelContent>(counts[index]!).fill(label);
    });
    return this.render(`receipt-${fileSafe(receiptId)}-labels.pdf`, labels, options);
  }

  private async render(fileName: string, labels: LabelContent[], options: LabelOptions): Promise<LabelsPdf> {
    const layout = LABEL_LAYOUTS[options.layout];
    const content = await renderLabelsPdf(labels, layout, {
      skip: options.skip,
      title: fileName.replace(/\.pdf$/, ''),
    });
    return { fileName, content };
  }
}

/**
 * Refuses a `skip` the layout cannot take (any on a roll; a whole sheet or more) and more than MAX_LABELS labels
 * (reported on `countField`).
 * @throws ValidationError
 */
function checkOptions(options: LabelOptions, count: number, countField = 'copies'): void {
  const layout = LABEL_LAYOUTS[options.layout];
  if (options.skip > 0 && !isSheet(layout)) {
    throw ValidationError.field(
      'skip',
      `Layout ${options.layout} prints one label per page: skip applies to sheets only.`,
    );
  }
  if (options.skip >= labelsPerPage(layout)) {
    throw ValidationError.field(
      'skip',
      `Layout ${options.layout} has ${labelsPerPage(layout)} labels per sheet: skip must be less than that.`,
    );
  }
  if (count > MAX_LABELS) {
    throw ValidationError.field(countField, `At most ${MAX_LABELS} labels per document; this asks for ${count}.`);
  }
}
