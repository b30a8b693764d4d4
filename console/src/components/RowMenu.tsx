// A row's actions behind one "…" button named for the row ("Actions for Acme"), the menu opening to its left.
// Closing the menu puts the focus back on the button at once, before a dialog an item opens takes it: the
// dialog then gives it back to the button when it closes, not to the menu item that is gone.
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

interface Props {
  /** What the row is, as its button's name says it. */
  name: string;
  /** A change of the row is on its way. */
  loading?: boolean;
  /** The menu's items. */
  children: ReactNode;
}

export function RowMenu({ name, loading, children }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal onClose={() => button.current?.focus()}>
      <Menu.Target>
        <ActionIcon ref={button} variant="subtle" color="gray" aria-label={`Actions for ${name}`} loading={loading}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
