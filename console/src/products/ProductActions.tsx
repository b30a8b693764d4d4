// A product's lifecycle actions and its deletion: only those the API allows now and the user's role permits,
// each confirmed first (with an optional reason where the API keeps one), then announced, and the product's
// screens refreshed. Printing its labels is open to whoever sees the product.
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { useCan, useCurrentUser } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { productKeys, runLifecycleAction } from './api';
import type { Product } from './model';
import { availableActions, LIFECYCLE, type LifecycleAction } from './lifecycle';
import { PrintLabelsAction } from './PrintLabelsAction';

export function ProductActions({ product }: { product: Product }) {
  const user = useCurrentUser();
  const can = useCan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productKeys.about(product.id) }),
    ]);

  const transition = useMutation({
    mutationFn: ({ action, reason }: { action: LifecycleAction; reason: string | null }) =>
      runLifecycleAction(product.id, action, reason),
    onSuccess: async (updated, { action }) => {
      queryClient.setQueryData(productKeys.detail(product.id), updated);
      notifySuccess(`${updated.name}: ${LIFECYCLE[action].done.toLowerCase()}.`, LIFECYCLE[action].done);
      await refresh();
    },
    onError: (error, { action }) =>
      notifyFailure(error, `Could not ${LIFECYCLE[action].label.toLowerCase()} the product`),
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/operations/products/{id}', { params: { path: { id: product.id } } })),
    onSuccess: async () => {
      notifySuccess(`${product.name} was deleted.`, 'Product deleted');
      // Away from the page first: forgetting the product while its page shows it would ask for it again.
      await navigate('/products');
      queryClient.removeQueries({ queryKey: productKeys.detail(product.id) });
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
    onError: (error) => notifyFailure(error, 'Could not delete the product'),
  });

  const ask = async (action: LifecycleAction) => {
    const rule = LIFECYCLE[action];
    let reason = '';
    const confirmed = await confirm({
      title: `${rule.label}: ${product.name}`,
      confirmLabel: rule.label,
      danger: rule.danger,
      message: (
        <Stack gap="sm">
          <Text size="sm">{rule.question}</Text>
          {rule.takesReason && (
            <Textarea
              label="Reason (optional)"
              autosize
              minRows={2}
              onChange={(event) => (reason = event.currentTarget.value)}
            />
          )}
        </Stack>
      ),
    });
    if (confirmed) transition.mutate({ action, reason: reason.trim() || null });
  };

  const askDelete = async () => {
    const confirmed = await confirm({
      title: `Delete ${product.name}?`,
      message: 'The product leaves the catalogue and its SKU becomes free. A product holding stock cannot be deleted.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate();
  };

  const actions = availableActions(product, user.abilities);
  const busy = transition.isPending || remove.isPending;
  return (
    <Group gap="xs">
      {actions.map((action) => (
        <Button
          key={action}
          variant={LIFECYCLE[action].danger ? 'light' : 'default'}
          color={LIFECYCLE[action].danger ? 'red' : undefined}
          disabled={busy}
          loading={transition.isPending && transition.variables.action === action}
          onClick={() => void ask(action)}
        >
          {LIFECYCLE[action].label}
        </Button>
      ))}
      <PrintLabelsAction product={product} />
      {can('operations:delete-products') && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={busy}
          loading={remove.isPending}
          onClick={() => void askDelete()}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}
