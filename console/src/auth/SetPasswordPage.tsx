// The one-time link of an invitation or a password reset (`/set-password?token=…`): choose a password, then sign in.
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, ensureCsrfCookie, unwrap } from '../api/client';
import { FormError } from '../components/FormError';
import { useApiSubmit } from '../lib/forms';

export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: { confirmation: (value, values) => (value === values.password ? null : 'The two passwords differ.') },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ password }) => {
    await ensureCsrfCookie();
    await unwrap(api.POST('/api/v1/auth/set-password', { body: { token, password } }));
    setDone(true);
  });

  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" radius="md">
        <Title order={1} size="h2" mb="xs">
          Choose your password
        </Title>
        {done ? (
          <Stack>
            <Alert color="teal" title="Password set">
              You can now sign in with your e-mail and this password.
            </Alert>
            <Button component={Link} to="/sign-in">
              Go to sign-in
            </Button>
          </Stack>
        ) : !token ? (
          <Alert color="red" title="This link is incomplete">
            Open the link from your e-mail again, or ask your administrator for a new one.
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Text c="dimmed" size="sm" mb="md">
              At least 8 characters; not a common password and not your e-mail.
            </Text>
            <FormError message={formError} />
            <Stack>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                autoFocus
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Repeat the password"
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmation')}
              />
              <Button type="submit" loading={submitting}>
                Set password
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
