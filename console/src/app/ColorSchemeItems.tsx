// The account menu's appearance choice: follow the system's light or dark setting (the default), or keep one.
// The chosen one is marked with a tick and, for screen readers, `aria-current` (Mantine's items are plain menu
// items: a menu item may not be `aria-checked`).
import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

const CHOICES: ReadonlyArray<{ value: MantineColorScheme; label: string }> = [
  { value: 'auto', label: 'Match system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ColorSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>Appearance</Menu.Label>
      {CHOICES.map(({ value, label }) => (
        <Menu.Item
          key={value}
          aria-current={colorScheme === value ? 'true' : undefined}
          leftSection={<IconCheck size={14} style={{ visibility: colorScheme === value ? 'visible' : 'hidden' }} />}
          onClick={() => setColorScheme(value)}
        >
          {label}
        </Menu.Item>
      ))}
    </>
  );
}
