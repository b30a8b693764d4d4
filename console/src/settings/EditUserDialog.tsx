// Change a user's name or role (the role needs system:manage-roles as well).
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { ME_KEY, useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { RoleSelect } from './InviteUserDialog';
import type { ManagedUser, Role } from './users';
import { settingsKeys } from './api';

export function EditUserDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Edit ${user.name}` : 'Edit user'}>
      {user && <EditUserForm key={user.id} user={user} onDone={onClose} />}
    </Modal>
  );
}

function EditUserForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const queryClient = useQueryClient();
  const canChangeRole = useCan()('system:manage-roles');
  const form = useForm<{ name: string; role: Role }>({ initialValues: { name: user.name, role: user.role } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = {
      name: values.name !== user.name ? values.name : undefined,
      role: values.role !== user.role ? values.role : undefined,
    };
    await unwrap(api.PATCH('/api/v1/users/{id}', { params: { path: { id: user.id } }, body }));
    // The signed-in user may have changed themselves (their name in the header, their abilities).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.users }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);
    notifySuccess(`${values.name} is saved.`);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <RoleSelect
          value={form.getValues().role}
          onChange={(role) => form.setFieldValue('role', role)}
          error={form.errors.role}
          disabled={!canChangeRole}
          description={canChangeRole ? undefined : 'Changing roles needs the ability system:manage-roles.'}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
