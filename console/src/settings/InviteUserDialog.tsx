// Invite a user: they are created without a password and set one through the invitation link. Any role but the
// viewer's needs system:manage-roles as well.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { passwordLinkMessage, type PasswordLinkResult } from './PasswordLinkDialog';
import { ROLES, type Role } from './users';
import { settingsKeys } from './api';

interface Props {
  opened: boolean;
  onClose: () => void;
  onInvited: (result: PasswordLinkResult) => void;
}

export function InviteUserDialog({ opened, onClose, onInvited }: Props) {
  const queryClient = useQueryClient();
  const canGiveRoles = useCan()('system:manage-roles');
  const form = useForm<{ name: string; email: string; role: Role }>({
    initialValues: { name: '', email: '', role: 'viewer' },
  });
  const { submitting, formError, clearFormError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(api.POST('/api/v1/users', { body: values }));
    await queryClient.invalidateQueries({ queryKey: settingsKeys.users });
    notifySuccess(passwordLinkMessage(data), `${data.name} is invited`);
    form.reset();
    onInvited(data);
  });
  const close = () => {
    form.reset();
    clearFormError();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite user">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <RoleSelect
            value={form.getValues().role}
            onChange={(role) => form.setFieldValue('role', role)}
            error={form.errors.role}
            disabled={!canGiveRoles}
            description={
              canGiveRoles ? undefined : 'Inviting with another role than Viewer needs the ability system:manage-roles.'
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function RoleSelect(props: {
  value: Role;
  onChange: (value: Role) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  description?: string;
}) {
  const role = ROLES.find((entry) => entry.value === props.value);
  return (
    <Select
      label="Role"
      required
      allowDeselect={false}
      data={ROLES.map(({ value, label }) => ({ value, label }))}
      value={props.value}
      onChange={(value) => value && props.onChange(value as Role)}
      error={props.error}
      disabled={props.disabled}
      description={props.description ?? role?.description}
    />
  );
}
