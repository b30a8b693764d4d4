// The organisation's settings (GET/PATCH /tenant): what new prices default to and what documents print about
// the company. Everyone reads them; only holders of system:manage-settings change them.
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { ME_KEY, useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { SettingsCard } from './SettingsCard';
import { tenantChanges, tenantFormValues, type TenantFormValues } from './tenant';
import { settingsKeys, useTenant } from './api';

type Tenant = components['schemas']['Tenant'];

export function OrganisationPage() {
  const tenant = useTenant();
  const canEdit = useCan()('system:manage-settings');
  return (
    <>
      <PageHeader
        title="Organisation"
        description="The company as documents print it, and the defaults of new records."
      />
      <QueryView query={tenant}>
        {(data) => (
          // Keyed by version: after a save the form starts again from what the server stored.
          <TenantForm key={data.updated_at} tenant={data} canEdit={canEdit} />
        )}
      </QueryView>
    </>
  );
}

function TenantForm({ tenant, canEdit }: { tenant: Tenant; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const timeZones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const form = useForm<TenantFormValues>({ initialValues: tenantFormValues(tenant) });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(
      api.PATCH('/api/v1/tenant', { body: tenantChanges(tenantFormValues(tenant), values) }),
    );
    queryClient.setQueryData(settingsKeys.tenant, data);
    // The header shows the organisation's name from /auth/me.
    if (data.name !== tenant.name) await queryClient.invalidateQueries({ queryKey: ME_KEY });
    notifySuccess('The organisation’s settings are saved.');
  });
  const readOnly = !canEdit;
  const field = (name: keyof TenantFormValues) => ({ ...form.getInputProps(name), readOnly });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={820} gap="lg">
        {readOnly && (
          <Alert color="gray" p="xs">
            You can view these settings. Changing them needs the ability system:manage-settings (administrators).
          </Alert>
        )}
        <FormError message={formError} />
        <SettingsCard title="Company">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...field('name')} />
            <TextInput label="Tax id" {...field('tax_id')} />
            <TextInput
              label="Default currency"
              description="ISO 4217 code of new prices and orders."
              maxLength={3}
              required
              {...field('default_currency')}
            />
            <Select
              label="Time zone"
              searchable
              clearable={!readOnly}
              data={timeZones}
              {...form.getInputProps('time_zone')}
              readOnly={readOnly}
              value={form.getValues().time_zone || null}
              onChange={(value) => form.setFieldValue('time_zone', value ?? '')}
            />
          </SimpleGrid>
        </SettingsCard>
        <SettingsCard title="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Address line 1" {...field('address_line1')} />
            <TextInput label="Address line 2" {...field('address_line2')} />
            <TextInput label="City" {...field('city')} />
            <TextInput label="Postal code" {...field('postal_code')} />
            <TextInput label="Region" {...field('region')} />
            <TextInput label="Country" description="ISO 3166 code, e.g. DE." {...field('country')} />
          </SimpleGrid>
        </SettingsCard>
        <SettingsCard title="Purchase orders">
          <Textarea
            label="Purchase order footer"
            description="Printed at the foot of every purchase order."
            autosize
            minRows={3}
            {...field('purchase_order_footer')}
          />
        </SettingsCard>
        {canEdit && (
          <Group>
            <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
