// The tabs over an order list (sales orders, purchase orders, shipments), one per stage of their life and "all"
// first: the chosen tab is the list's `status` filter, none for "all".
import { Tabs } from '@mantine/core';

export interface StatusTab {
  value: string;
  label: string;
}

interface Props {
  tabs: readonly StatusTab[];
  /** The list's status filter; "all" when absent. */
  value: string | undefined;
  /** The status filter chosen: null for "all". */
  onChange: (status: string | null) => void;
}

export function StatusTabs({ tabs, value, onChange }: Props) {
  return (
    <Tabs value={value ?? 'all'} onChange={(tab) => onChange(tab === 'all' ? null : tab)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
