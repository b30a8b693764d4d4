// One supplier: contact data and terms, its status with the changes it allows, its rating (and a form to rate
// it), its performance and its documents. The supplier, its performance and its documents are fetched in parallel.
import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { QueryView } from '../components/QueryView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { formatDate, formatDateTime, formatMoney } from '../lib/format';
import { SUPPLIER_CURRENCY } from './format';
import { RateSupplierForm } from './RateSupplierForm';
import { StatusBadge } from './StatusBadge';
import { label, supplierActions } from './supplier-status';
import { SupplierDocuments } from './SupplierDocuments';
import { SupplierFormModal } from './SupplierFormModal';
import { SupplierPerformanceCard } from './SupplierPerformanceCard';
import { SuspendSupplierModal } from './SuspendSupplierModal';
import { catalogKeys, useSupplier, useSupplierPerformance } from './api';
import { type Supplier } from './types';

export function SupplierDetailPage() {
  const { id = '' } = useParams();
  const supplier = useSupplier(id);
  const performance = useSupplierPerformance(id);

  return (
    <QueryView query={supplier} notFound="supplier">
      {(data) => (
        <>
          <PageHeader
            trail={[['Suppliers', '/catalog/suppliers']]}
            title={
              <Group gap="sm" component="span">
                {data.name}
                <StatusBadge status={data.status} />
              </Group>
            }
            description={[data.code, data.type && label(data.type)].filter(Boolean).join(' · ')}
            actions={<SupplierActions supplier={data} />}
          />
          {data.status === 'suspended' && (
            <Alert color="orange" title="Suspended" mb="md">
              {data.suspension_reason}
              {data.suspended_until && ` Until ${formatDate(data.suspended_until)}.`}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Contact">
              <Field label="E-mail">{data.email}</Field>
              <Field label="Phone">{data.phone}</Field>
              <Field label="Address">{formatAddress(data.address)}</Field>
            </Section>
            <Section title="Terms">
              <Field label="Payment terms">{data.payment_terms}</Field>
              <Field label="Lead time">{data.lead_time_days === null ? null : `${data.lead_time_days} days`}</Field>
              <Field label="Minimum order">
                {data.minimum_order_amount === null ? null : formatMoney(data.minimum_order_amount, SUPPLIER_CURRENCY)}
              </Field>
              <Field label="Approved / preferred">
                {data.is_approved ? 'Approved' : 'Not approved'} · {data.is_preferred ? 'Preferred' : 'Not preferred'}
              </Field>
              <Field label="Last changed">{formatDateTime(data.updated_at)}</Field>
            </Section>
            <RatingSection supplier={data} />
            <Section title="Performance">
              {performance.isPending ? (
                <PageLoader />
              ) : performance.isError ? (
                <QueryError
                  error={performance.error}
                  onRetry={() => void performance.refetch()}
                  title="Could not load the performance"
                />
              ) : (
                <SupplierPerformanceCard performance={performance.data} />
              )}
            </Section>
          </SimpleGrid>
          <Box mt="md">
            <Section title="Documents">
              <SupplierDocuments supplier={data} />
            </Section>
          </Box>
        </>
      )}
    </QueryView>
  );
}

function SupplierActions({ supplier }: { supplier: Supplier }) {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const path = { id: supplier.id };
  const change = useMutation({
    mutationFn: async (kind: 'activate' | 'deactivate' | 'delete') => {
      if (kind === 'activate')
        await unwrap(api.POST('/api/v1/operations/suppliers/{id}/activate', { params: { path } }));
      if (kind === 'deactivate')
        await unwrap(api.POST('/api/v1/operations/suppliers/{id}/deactivate', { params: { path } }));
      if (kind === 'delete') await unwrap(api.DELETE('/api/v1/operations/suppliers/{id}', { params: { path } }));
      return kind;
    },
    onSuccess: async (kind) => {
      notifySuccess(
        `${supplier.name} ${kind === 'activate' ? 'activated' : kind === 'deactivate' ? 'deactivated' : 'deleted'}.`,
      );
      if (kind === 'delete') {
        queryClient.removeQueries({ queryKey: catalogKeys.supplier(supplier.id) });
        await navigate('/catalog/suppliers');
      }
      await queryClient.invalidateQueries({ queryKey: catalogKeys.suppliers });
    },
    onError: (error) => notifyFailure(error, `${supplier.name} was not changed`),
  });
  const remove = async () => {
    const sure = await confirm({
      title: `Delete ${supplier.name}?`,
      message: 'The supplier disappears from lists and its code becomes free; its ratings stay on record.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) change.mutate('delete');
  };
  const mayEdit = can('operations:edit-suppliers');
  const allowed = supplierActions(supplier.status);

  return (
    <>
      {mayEdit && allowed.includes('activate') && (
        <Button
          variant="light"
          color="teal"
          onClick={() => change.mutate('activate')}
          loading={change.isPending && change.variables === 'activate'}
        >
          Activate
        </Button>
      )}
      {mayEdit && allowed.includes('deactivate') && (
        <Button
          variant="light"
          color="gray"
          onClick={() => change.mutate('deactivate')}
          loading={change.isPending && change.variables === 'deactivate'}
        >
          Deactivate
        </Button>
      )}
      {mayEdit && allowed.includes('suspend') && (
        <Button variant="light" color="orange" onClick={() => setSuspending(true)}>
          Suspend…
        </Button>
      )}
      {mayEdit && <Button onClick={() => setEditing(true)}>Edit</Button>}
      {can('operations:delete-suppliers') && (
        <Button variant="subtle" color="red" onClick={() => void remove()}>
          Delete
        </Button>
      )}
      {editing && <SupplierFormModal supplier={supplier} onClose={() => setEditing(false)} />}
      {suspending && <SuspendSupplierModal supplier={supplier} onClose={() => setSuspending(false)} />}
    </>
  );
}

function RatingSection({ supplier }: { supplier: Supplier }) {
  const can = useCan();
  return (
    <Section title="Rating">
      <Group gap="xs" align="baseline">
        <Text fz={28} fw={700} aria-label="Average rating">
          {supplier.rating === null ? '—' : supplier.rating.toFixed(2)}
        </Text>
        <Text c="dimmed" size="sm">
          {supplier.rating_count === 0
            ? 'Not rated yet'
            : `out of 5, from ${supplier.rating_count} ${supplier.rating_count === 1 ? 'rating' : 'ratings'}`}
        </Text>
      </Group>
      {can('operations:rate-suppliers') && <RateSupplierForm supplier={supplier} />}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

function Field({ label: name, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {name}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </Group>
  );
}

function formatAddress(address: Supplier['address']): string | null {
  if (!address) return null;
  const parts = [
    address.street,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    address.state,
    address.country,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
