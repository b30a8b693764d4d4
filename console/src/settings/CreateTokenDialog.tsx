// A new API token: its name, type, abilities, how long it lasts and (integration tokens) where it may be used from.
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { FormError } from '../components/FormError';
import { useApiSubmit } from '../lib/forms';
import { AbilityPicker } from './AbilityPicker';
import { abilitiesNeedingApproval, TOKEN_TYPES, type TokenType } from './tokens';
import { settingsKeys, useAbilityCatalogue } from './api';

type CreatedToken = components['schemas']['CreatedApiToken'];

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (token: CreatedToken) => void;
}

interface Values {
  name: string;
  type: TokenType;
  abilities: string[];
  expiration_days: number | string;
  ip_whitelist: string[];
  [key: string]: unknown;
}

const INITIAL: Values = { name: '', type: 'personal', abilities: [], expiration_days: '', ip_whitelist: [] };

export function CreateTokenDialog({ opened, onClose, onCreated }: Props) {
  const queryClient = useQueryClient();
  const catalogue = useAbilityCatalogue();
  const form = useForm<Values>({ initialValues: INITIAL });
  const { submitting, formError, clearFormError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(
      api.POST('/api/v1/api-tokens', {
        body: {
          name: values.name,
          type: values.type,
          abilities: values.abilities,
          expiration_days: typeof values.expiration_days === 'number' ? values.expiration_days : undefined,
          ip_whitelist:
            values.type === 'integration' && values.ip_whitelist.length > 0 ? values.ip_whitelist : undefined,
        },
      }),
    );
    await queryClient.invalidateQueries({ queryKey: settingsKeys.tokens });
    form.reset();
    onCreated(data);
  });

  const close = () => {
    form.reset();
    clearFormError();
    onClose();
  };

  const values = form.getValues();
  const type = TOKEN_TYPES.find((entry) => entry.value === values.type) ?? TOKEN_TYPES[0]!;
  const needingApproval = abilitiesNeedingApproval(values.abilities, catalogue.data ?? []);

  return (
    <Modal opened={opened} onClose={close} title="Create API token" size="lg">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="What the token is for, e.g. “Warehouse scanner”."
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="token-type-label">
              Type
            </Text>
            <SegmentedControl
              aria-labelledby="token-type-label"
              data={TOKEN_TYPES.map(({ value, label }) => ({ value, label }))}
              {...form.getInputProps('type')}
            />
          </Stack>
          <AbilityPicker
            value={values.abilities}
            onChange={(abilities) => form.setFieldValue('abilities', abilities)}
            error={form.errors.abilities}
          />
          {needingApproval.length > 0 && (
            <Alert color="yellow" p="xs">
              {needingApproval.join(', ')} {needingApproval.length === 1 ? 'needs' : 'need'} an administrator’s
              approval: the token is refused until it is approved.
            </Alert>
          )}
          <NumberInput
            label="Expires after (days)"
            description={`Empty: the ${type.label.toLowerCase()} default (${type.defaultExpiry}).`}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('expiration_days')}
          />
          {values.type === 'integration' && (
            <TagsInput
              label="IP whitelist"
              description="Addresses or CIDR ranges the token may be used from; press Enter after each. Empty: anywhere."
              placeholder="203.0.113.0/24"
              {...form.getInputProps('ip_whitelist')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Create token
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
