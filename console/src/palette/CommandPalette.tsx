// The command palette (Ctrl+K or ⌘K, or the header's Search button): one field that finds screens, products,
// orders, suppliers and customers, grouped, each result opening its page. Arrows move through the results,
// Enter opens the one highlighted (once the results answer what was typed), Escape closes. A scanned code opens
// its product straight away. Loaded on first use, with its own chunk.
import { Box, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useReturnFocus } from '../components/useReturnFocus';
import { useScanner } from '../lib/useScanner';
import { lookupProduct } from '../products/api';
import type { PaletteItem } from './palette-search';
import { usePaletteResults } from './usePaletteResults';

const ACTIVE_OPTION = {
  backgroundColor: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
  outline: '2px solid var(--mantine-primary-color-filled)',
  outlineOffset: -2,
};

interface Props {
  opened: boolean;
  onClose: () => void;
}

export function CommandPalette({ opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search"
      size="lg"
      yOffset="10vh"
      // A fresh search each time it opens.
      keepMounted={false}
    >
      <PaletteSearch onClose={onClose} />
    </Modal>
  );
}

function PaletteSearch({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  // The highlighted result, by key: results arriving for other kinds of record do not move it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Enter pressed before the results answered what was typed: the highlighted one opens once they do.
  const enterWaiting = useRef(false);
  const { groups, settled, fetching } = usePaletteResults(text);
  const items = groups.flatMap((group) => group.items);
  const active = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const list = useRef<HTMLDivElement>(null);

  const open = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    void navigate(item.to);
  };

  // A scanned code opens its product at once; a code no product has is Enter on what was typed.
  const [looking, setLooking] = useState(false);
  const openScanned = async (code: string) => {
    setLooking(true);
    // A failed lookup leaves the search's own results to say what there is.
    const product = await lookupProduct(code).catch(() => null);
    if (product) return open({ key: product.id, label: product.name, to: `/products/${product.id}` });
    enterWaiting.current = true;
    // Draws again, which opens the highlighted result once the results are settled.
    setLooking(false);
  };
  const scanner = useScanner((code) => void openScanned(code));

  useEffect(() => {
    if (enterWaiting.current && settled) {
      enterWaiting.current = false;
      open(items[active]);
    }
  });

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const optionId = (index: number) => `${id}-option-${index}`;
  let index = -1;

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        size="md"
        label="Search the console"
        description="Products (name, SKU, barcode), orders, suppliers, customers and screens"
        placeholder="Type or scan"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={fetching || looking ? <Loader size={16} /> : null}
        autoComplete="off"
        value={text}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setText(event.currentTarget.value);
          // A new search: its first result is highlighted.
          setActiveKey(null);
        }}
        onKeyDown={(event) => {
          scanner.onKeyDown(event);
          if (event.defaultPrevented) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (items.length === 0) return;
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActiveKey(items[(active + step + items.length) % items.length]!.key);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            if (settled) open(items[active]);
            else enterWaiting.current = true;
          }
        }}
      />
      <Box
        ref={list}
        id={`${id}-results`}
        role="listbox"
        aria-label="Results"
        mah="min(60vh, 480px)"
        style={{ overflowY: 'auto' }}
      >
        {groups.map((group, groupIndex) => (
          <div key={group.label} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
            <Text id={`${id}-group-${groupIndex}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
              {group.label}
            </Text>
            {group.failed && (
              <Text size="sm" c="red" px="sm" role="presentation">
                Could not search the {group.label.toLowerCase()}.
              </Text>
            )}
            {group.items.map((item) => {
              index += 1;
              const position = index;
              return (
                <UnstyledButton
                  component="div"
                  key={item.key}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  display="block"
                  w="100%"
                  px="sm"
                  py={8}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', ...(position === active ? ACTIVE_OPTION : {}) }}
                  tabIndex={-1}
                  onMouseMove={() => setActiveKey(item.key)}
                  onClick={() => open(item)}
                >
                  <Text size="sm" fw={500} span>
                    {item.label}
                  </Text>
                  {item.description && (
                    <Text size="xs" c="dimmed" span ml="xs">
                      {item.description}
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
          </div>
        ))}
        {groups.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs" role="presentation">
            {settled ? 'Nothing matches.' : 'Searching…'}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
