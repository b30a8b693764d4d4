import type { Area } from './area';
import { catalog } from '../catalog/area';
import { home } from '../home/area';
import { imports } from '../imports/area';
import { inventory } from '../inventory/area';
import { masterProducts } from '../master-products/area';
import { products } from '../products/area';
import { purchasing } from '../purchasing/area';
import { sales } from '../sales/area';
import { settings } from '../settings/area';
import { shipments } from '../shipments/area';
import { webhooks } from '../webhooks/area';

/** The console's areas, in the navigation's order. */
export const areas: Area[] = [
  home,
  products,
  masterProducts,
  catalog,
  inventory,
  purchasing,
  sales,
  shipments,
  imports,
  webhooks,
  settings,
];
