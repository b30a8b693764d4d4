import type { Area } from './area';
import { home } from '../home/area';
import { settings } from '../settings/area';

/** The console's areas, in the navigation's order. */
export const areas: Area[] = [home, settings];
