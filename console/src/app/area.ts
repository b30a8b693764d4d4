// An area of the console (products, inventory, …): its routes, loaded with the area's own code when first
// visited, and its entries in the navigation, each shown only to users holding the ability it needs.
import type { RouteObject } from 'react-router';

export interface NavigationEntry {
  label: string;
  to: string;
  /** Shown when the user holds this ability (or any of these); always when absent. */
  ability?: string | readonly string[];
  /** Highlighted only at exactly `to`, not below it (an area whose first screen's path prefixes the others'). */
  end?: boolean;
}

export interface Area {
  label: string;
  routes: RouteObject[];
  navigation: NavigationEntry[];
}

export function allows(abilities: readonly string[], needed: NavigationEntry['ability']): boolean {
  if (needed === undefined) return true;
  return typeof needed === 'string'
    ? abilities.includes(needed)
    : needed.some((ability) => abilities.includes(ability));
}

/** `lazy` for a page component exported by name from a module loaded on first visit. */
export function page<M>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

/** The navigation's sections: areas sharing a label form one section; entries the user may not open are left out. */
export function navigationSections(
  areas: readonly Area[],
  abilities: readonly string[],
): { label: string; entries: NavigationEntry[] }[] {
  const sections = new Map<string, NavigationEntry[]>();
  for (const area of areas) {
    const entries = area.navigation.filter((entry) => allows(abilities, entry.ability));
    if (entries.length > 0) sections.set(area.label, [...(sections.get(area.label) ?? []), ...entries]);
  }
  return [...sections].map(([label, entries]) => ({ label, entries }));
}
