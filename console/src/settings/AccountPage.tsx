// The signed-in user's own account: their name, their password and two-factor authentication.
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { ME_KEY, useCurrentUser } from '../auth/session';
import { FormError } from '../components/FormError';
import { PageHeader } from '../components/PageHeader';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { SettingsCard } from './SettingsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { roleLabel } from './users';

export function AccountPage() {
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title="My account" description={`${me.user.email} · ${me.user.roles.map(roleLabel).join(', ')}`} />
      <Stack maw={720} gap="lg">
        <ProfileCard name={me.user.name} />
        <PasswordCard />
        <TwoFactorCard />
      </Stack>
    </>
  );
}

function ProfileCard({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { name } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(api.PATCH('/api/v1/auth/me', { body: { name: values.name } }));
    queryClient.setQueryData(ME_KEY, data);
    form.resetDirty({ name: data.user.name });
    notifySuccess('Your name is changed.');
  });
  return (
    <SettingsCard title="Profile" description="The name shown to your colleagues and in the audit log.">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <Group>
            <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function PasswordCard() {
  const form = useForm({ initialValues: { current_password: '', password: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const answer = await unwrap(api.PUT('/api/v1/auth/password', { body: values }));
    form.reset();
    notifySuccess(answer.message, 'Password changed');
  });
  return (
    <SettingsCard title="Password" description="Changing it signs out your other sessions; this one stays signed in.">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters, not a common password, not your e-mail."
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
