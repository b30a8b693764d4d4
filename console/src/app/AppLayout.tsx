// The frame around every signed-in screen: the header with the tenant, the search (the command palette) and the
// user's menu, and the navigation, which lists only the screens the user's abilities open. Below 992 px the
// navigation folds behind a button. The keyboard shortcuts (Ctrl+K, "/", "?") work on every screen.
import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Button,
  Group,
  Kbd,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { api, unwrap } from '../api/client';
import { errorMessage } from '../api/errors';
import { useCurrentUser } from '../auth/session';
import { PageLoader } from '../components/PageLoader';
import { navigationSections } from './area';
import { areas } from './areas';
import { ColorSchemeItems } from './ColorSchemeItems';
import { paletteKeys } from './shortcuts';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useShortcuts } from './useShortcuts';

/** "Ada Lovelace" → "AL". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

// Its own chunk, loaded when first opened: most visits never search.
const CommandPalette = lazy(async () => ({ default: (await import('../palette/CommandPalette')).CommandPalette }));

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const user = useCurrentUser();
  const [palette, setPalette] = useState<'never' | 'open' | 'closed'>('never');
  const [help, { open: openHelp, close: closeHelp }] = useDisclosure();
  const openPalette = () => setPalette('open');
  useShortcuts({ openPalette, openHelp });

  const signOut = async () => {
    try {
      await unwrap(api.POST('/api/v1/auth/logout'));
    } catch (error) {
      notifications.show({ color: 'red', title: 'Sign-out failed', message: errorMessage(error) });
      return;
    }
    // A fresh page load: nothing of this user stays in memory for the next one at this browser.
    window.location.replace('/sign-in');
  };

  const sections = navigationSections(areas, user.abilities);

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            <Title order={4} component="span">
              Quartermaster
            </Title>
            <Text c="dimmed" size="sm" visibleFrom="sm">
              {user.tenant.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="default"
              visibleFrom="sm"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={<Kbd size="xs">{paletteKeys()}</Kbd>}
              aria-keyshortcuts="Control+K Meta+K"
              onClick={openPalette}
            >
              Search
            </Button>
            {/* Named by its text, not by a label: a screen's search field is the one labelled "Search". */}
            <ActionIcon
              variant="default"
              size="lg"
              hiddenFrom="sm"
              aria-keyshortcuts="Control+K Meta+K"
              onClick={openPalette}
            >
              <IconSearch size={18} aria-hidden />
              <VisuallyHidden>Search</VisuallyHidden>
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`Account menu for ${user.user.name}`}>
                  <Text size="sm" fw={500} truncate maw={240} visibleFrom="sm">
                    {user.user.name}
                  </Text>
                  {/* A phone has no room for the name beside the search: the menu's label names the user. */}
                  <Avatar size={34} radius="xl" hiddenFrom="sm" aria-hidden>
                    {initials(user.user.name)}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {user.user.name} · {user.user.email}
                </Menu.Label>
                <Menu.Item component={RouterNavLink} to="/settings/account">
                  My account
                </Menu.Item>
                <Menu.Divider />
                <ColorSchemeItems />
                <Menu.Divider />
                <Menu.Item onClick={openHelp}>Keyboard shortcuts</Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          <Stack gap="md">
            {sections.map((section) => (
              <div key={section.label}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                  {section.label}
                </Text>
                {section.entries.map((entry) => (
                  <NavLink
                    key={entry.to}
                    component={RouterNavLink}
                    to={entry.to}
                    end={entry.to === '/' || entry.end}
                    label={entry.label}
                    onClick={close}
                  />
                ))}
              </div>
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {palette !== 'never' && (
        <Suspense fallback={null}>
          <CommandPalette opened={palette === 'open'} onClose={() => setPalette('closed')} />
        </Suspense>
      )}
      <ShortcutsDialog opened={help} onClose={closeHelp} />
    </AppShell>
  );
}
