// The category tree as nested lists: each category with a button folding its subcategories (announced with
// aria-expanded), its flags, and the menu of what the user may do with it.
import { ActionIcon, Badge, Box, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { CategoryTreeNode } from './types';
import { ActiveBadge } from '../components/ActiveBadge';
import { RowMenu } from '../components/RowMenu';

export interface CategoryActions {
  onAddChild: (parent: CategoryTreeNode) => void;
  onEdit: (category: CategoryTreeNode) => void;
  onMove: (category: CategoryTreeNode) => void;
  onToggleFeatured: (category: CategoryTreeNode) => void;
  onToggleActive: (category: CategoryTreeNode) => void;
  onDelete: (category: CategoryTreeNode) => void;
}

interface Props {
  nodes: CategoryTreeNode[];
  /** Absent when the user may only look. */
  actions?: CategoryActions;
}

export function CategoryTree({ nodes, actions }: Props) {
  // Everything starts unfolded: a new or moved category is visible where it landed.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return <Branch nodes={nodes} label="Category tree" collapsed={collapsed} onToggle={toggle} actions={actions} />;
}

interface BranchProps extends Props {
  label: string;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

function Branch({ nodes, label, collapsed, onToggle, actions }: BranchProps) {
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {nodes.map((node) => {
        const open = !collapsed.has(node.id);
        return (
          <li key={node.id}>
            <Group
              gap="xs"
              wrap="nowrap"
              py={4}
              px="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              {node.children.length > 0 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
                  aria-expanded={open}
                  onClick={() => onToggle(node.id)}
                >
                  {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
              ) : (
                <Box w={22} />
              )}
              <Text size="sm" fw={node.depth_level === 0 ? 600 : 400} style={{ flex: 1 }} truncate>
                {node.name}
                {node.children.length > 0 && (
                  <Text span c="dimmed" size="xs">
                    {' '}
                    ({node.children.length})
                  </Text>
                )}
              </Text>
              {node.is_featured && (
                <Badge size="sm" color="yellow" variant="light">
                  Featured
                </Badge>
              )}
              <ActiveBadge size="sm" active={node.is_active} />
              {actions && <CategoryMenu node={node} actions={actions} />}
            </Group>
            {node.children.length > 0 && open && (
              <Box pl="lg">
                <Branch
                  nodes={node.children}
                  label={`Subcategories of ${node.name}`}
                  collapsed={collapsed}
                  onToggle={onToggle}
                  actions={actions}
                />
              </Box>
            )}
          </li>
        );
      })}
    </Box>
  );
}

function CategoryMenu({ node, actions }: { node: CategoryTreeNode; actions: CategoryActions }) {
  return (
    <RowMenu name={node.name}>
      <Menu.Item onClick={() => actions.onAddChild(node)}>Add subcategory</Menu.Item>
      <Menu.Item onClick={() => actions.onEdit(node)}>Edit</Menu.Item>
      <Menu.Item onClick={() => actions.onMove(node)}>Move…</Menu.Item>
      <Menu.Item onClick={() => actions.onToggleFeatured(node)}>
        {node.is_featured ? 'Remove from featured' : 'Mark as featured'}
      </Menu.Item>
      <Menu.Item onClick={() => actions.onToggleActive(node)}>{node.is_active ? 'Deactivate' : 'Activate'}</Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red" onClick={() => actions.onDelete(node)}>
        Delete
      </Menu.Item>
    </RowMenu>
  );
}
