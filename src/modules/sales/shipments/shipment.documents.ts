// Turns shipments into their printable snapshots and PDFs: a shipment's packing slip and pick list, and one pick
// list for several shipments of a warehouse.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Tenant } from '../../../db/schema.js';
import { commaList } from '../../../lib/comma-list.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { DocumentAddress } from '../../purchasing/documents/purchase-order.document.js';
import type { TenantService } from '../../tenancy/tenant.service.js';
import { pickListLines, type DocumentHeading, type PickListDocument } from './shipment.document.js';
import { renderPackingSlipPdf, renderPickListPdf } from './shipment.pdf.js';
import { MAX_PICK_LIST_SHIPMENTS } from './shipment.schemas.js';
import type { ShipmentResponse } from './shipment.schemas.js';
import type { ShipmentService } from './shipment.service.js';

export interface ShipmentDocumentsDeps {
  shipments: ShipmentService;
  warehouses: WarehouseService;
  /** The tenant is the company printed on the documents. */
  tenants: Pick<TenantService, 'profileOf'>;
}

export interface PdfFile {
  fileName: string;
  content: Buffer;
}

const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/;

function companyAddress(company: Tenant | undefined): DocumentAddress | null {
  if (!company) return null;
  const address = {
    street: company.address_line1,
    street2: company.address_line2,
    city: company.city,
    state: company.region,
    postal_code: company.postal_code,
    country: company.country,
  };
  return Object.values(address).some((part) => part !== null) ? address : null;
}

export class ShipmentDocuments {
  constructor(private readonly deps: ShipmentDocumentsDeps) {}

  /** The packing slip of a shipment. @throws NotFoundError('Shipment'), also for another tenant's. */
  async packingSlip(tenantId: string, id: string): Promise<PdfFile> {
    const { shipment, order } = await this.deps.shipments.withOrder(tenantId, id);
    const heading = await this.heading(tenantId, shipment.warehouse_id);
    const content = await renderPackingSlipPdf({
      ...heading,
      shipment_number: shipment.shipment_number,
      order_number: order.order_number,
      status: shipment.status,
      created_at: shipment.created_at,
      shipped_at: shipment.shipped_at,
      ship_to: { name: order.customer_name, address: order.ship_to ?? null },
      carrier: shipment.carrier,
      service: shipment.service,
      tracking_numbers: shipment.tracking_numbers,
      notes: shipment.notes,
      lines: shipment.lines.map((l) => ({
        product_sku: l.product_sku ?? '',
        product_name: l.product_name,
        quantity: l.quantity,
      })),
    });
    return { fileName: `${shipment.shipment_number}-packing-slip.pdf`, content };
  }

  /** The pick list of one shipment. @throws NotFoundError('Shipment'). */
  async pickList(tenantId: string, id: string): Promise<PdfFile> {
    const shipment = await this.deps.shipments.get(tenantId, id);
    return this.render(tenantId, shipment.warehouse_id, [shipment]);
  }

  /**
   * One pick list for several shipments of a warehouse (`ids` a comma list).
   * @throws ValidationError on `warehouse_id` (unknown) or `shipment_ids` (malformed, too many, or naming a
   * shipment that is not one of the warehouse's).
   */
  async combinedPickList(tenantId: string, warehouseId: string, ids: string): Promise<PdfFile> {
    const unique = [...new Set(commaList(ids))];
    if (unique.length === 0 || unique.some((id) => !ULID.test(id)))
      throw ValidationError.field('shipment_ids', 'The shipment ids must be a comma-separated list of ULIDs.');
    if (unique.length > MAX_PICK_LIST_SHIPMENTS)
      throw ValidationError.field('shipment_ids', `At most ${MAX_PICK_LIST_SHIPMENTS} shipments make one pick list.`);
    await this.deps.warehouses.get(tenantId, warehouseId).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw ValidationError.field('warehouse_id', 'The selected warehouse id is invalid.');
      throw error;
    });
    const shipments = await this.deps.shipments.ofWarehouse(tenantId, warehouseId, unique).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw ValidationError.field('shipment_ids', 'Every shipment must be one of the warehouse’s shipments.');
      throw error;
    });
    return this.render(tenantId, warehouseId, shipments);
  }

  private async render(tenantId: string, warehouseId: string, shipments: ShipmentResponse[]): Promise<PdfFile> {
    const heading = await this.heading(tenantId, warehouseId);
    const first = shipments[0]!.shipment_number;
    const reference = shipments.length === 1 ? first : `${first} +${shipments.length - 1}`;
    const list: PickListDocument = {
      ...heading,
      reference,
      shipments: shipments.map((s) => ({ shipment_number: s.shipment_number, order_number: s.order_number })),
      lines: pickListLines(shipments.flatMap((s) => s.lines)),
    };
    const fileName = shipments.length === 1 ? `${first}-pick-list.pdf` : `pick-list-${first}-${shipments.length}.pdf`;
    return { fileName, content: await renderPickListPdf(list) };
  }

  private async heading(tenantId: string, warehouseId: string): Promise<DocumentHeading> {
    const [company, warehouse] = await Promise.all([
      this.deps.tenants.profileOf(tenantId),
      this.deps.warehouses.get(tenantId, warehouseId),
    ]);
    return {
      company_name: company?.name ?? '',
      company_address: companyAddress(company),
      time_zone: company?.time_zone ?? null,
      warehouse: { name: warehouse.name, code: warehouse.code, address: warehouse.address },
    };
  }
}
