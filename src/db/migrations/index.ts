// Every migration, in order. Listed by hand so that the build and the test runner see the same set.
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_authentication.js';
import * as m0003 from './0003_catalog_taxonomy.js';
import * as m0004 from './0004_attributes.js';
import * as m0005 from './0005_products.js';
import * as m0006 from './0006_master_products.js';
import * as m0007 from './0007_inventory.js';
import * as m0008 from './0008_stock_movement_reads.js';
import * as m0009 from './0009_purchase_orders.js';
import * as m0010 from './0010_documents.js';
import * as m0011 from './0011_webhooks.js';
import * as m0012 from './0012_product_category_status_index.js';
import * as m0013 from './0013_idempotency_caller.js';
import * as m0014 from './0014_sync_indexes.js';
import * as m0015 from './0015_product_barcodes.js';
import * as m0016 from './0016_audit_log.js';
import * as m0017 from './0017_user_administration.js';
import * as m0018 from './0018_tenant_settings.js';
import * as m0019 from './0019_auth_change_notifications.js';
import * as m0020 from './0020_category_paths.js';
import * as m0021 from './0021_catalog_change_notifications.js';
import * as m0022 from './0022_imports.js';
import * as m0023 from './0023_import_unlisted_refusals.js';
import * as m0024 from './0024_console_tokens.js';
import * as m0025 from './0025_purchase_order_emailed_at.js';
import * as m0026 from './0026_customers.js';
import * as m0027 from './0027_stock_reservations.js';
import * as m0028 from './0028_sales.js';
import * as m0029 from './0029_search_indexes.js';
import * as m0030 from './0030_report_state.js';
import * as m0031 from './0031_search_more_lists.js';
import * as m0032 from './0032_keyset_indexes.js';
import * as m0033 from './0033_stock_daily_flow.js';
import * as m0035 from './0035_reorder_summary_state.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_authentication': m0002,
  '0003_catalog_taxonomy': m0003,
  '0004_attributes': m0004,
  '0005_products': m0005,
  '0006_master_products': m0006,
  '0007_inventory': m0007,
  '0008_stock_movement_reads': m0008,
  '0009_purchase_orders': m0009,
  '0010_documents': m0010,
  '0011_webhooks': m0011,
  '0012_product_category_status_index': m0012,
  '0013_idempotency_caller': m0013,
  '0014_sync_indexes': m0014,
  '0015_product_barcodes': m0015,
  '0016_audit_log': m0016,
  '0017_user_administration': m0017,
  '0018_tenant_settings': m0018,
  '0019_auth_change_notifications': m0019,
  '0020_category_paths': m0020,
  '0021_catalog_change_notifications': m0021,
  '0022_imports': m0022,
  '0023_import_unlisted_refusals': m0023,
  '0024_console_tokens': m0024,
  '0025_purchase_order_emailed_at': m0025,
  '0026_customers': m0026,
  '0027_stock_reservations': m0027,
  '0028_sales': m0028,
  '0029_search_indexes': m0029,
  '0030_report_state': m0030,
  '0031_search_more_lists': m0031,
  '0032_keyset_indexes': m0032,
  '0033_stock_daily_flow': m0033,
  '0035_reorder_summary_state': m0035,
};
