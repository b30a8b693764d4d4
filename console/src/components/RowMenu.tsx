// A row's actions behind one "…" button named for the row ("Actions for Acme"), the menu opening to its left.
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props {
  /** What the row is, as its button's name says it. */
  name: string;
  /** A change of the row is on its way. */
  loading?: boolean;
  /** The menu's items. */
  children: ReactNode;
}

export function RowMenu({ name, loading, children }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`} loading={loading}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
