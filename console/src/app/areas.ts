import type { Area } from './area';
import { home } from '../home/area';
import { masterProducts } from '../master-products/area';

/** The console's areas, in the navigation's order. */
export const areas: Area[] = [home, masterProducts];
