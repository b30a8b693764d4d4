// Sign in: e-mail and password, then, for an account with two-factor on, a code from the authenticator app or
// a recovery code. Afterwards the user returns to where they were sent from (`?next=`).
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, ensureCsrfCookie, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { FormError } from '../components/FormError';
import { useApiSubmit } from '../lib/forms';
import { safeNextPath } from './next-path';
import { useMe, useSessionActions } from './session';

export function SignInPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionActions();
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  const next = safeNextPath(params.get('next'));

  const done = async () => {
    await session.signedIn();
    void navigate(next, { replace: true });
  };

  if (me.data && step === 'password') return <Navigate to={next} replace />;

  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%" radius="md">
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            Quartermaster
          </Title>
          <Text c="dimmed" size="sm">
            {step === 'password' ? 'Sign in to your operations console.' : 'Two-factor authentication'}
          </Text>
        </Stack>
        {step === 'password' ? (
          <PasswordStep onSignedIn={done} onTwoFactor={() => setStep('two-factor')} />
        ) : (
          <TwoFactorStep onSignedIn={done} onBack={() => setStep('password')} />
        )}
      </Paper>
    </Center>
  );
}

function PasswordStep({ onSignedIn, onTwoFactor }: { onSignedIn: () => Promise<void>; onTwoFactor: () => void }) {
  const form = useForm({ initialValues: { email: '', password: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    await ensureCsrfCookie();
    try {
      await unwrap(api.POST('/api/v1/auth/login', { body: values }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 423) return onTwoFactor();
      throw error;
    }
    await onSignedIn();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack>
        <TextInput label="E-mail" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" loading={submitting} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn: () => Promise<void>; onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ initialValues: { code: '', recovery_code: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = useRecovery ? { recovery_code: values.recovery_code.trim() } : { code: values.code.trim() };
    await unwrap(api.POST('/api/v1/auth/two-factor-challenge', { body }));
    await onSignedIn();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack>
        {useRecovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            description="One of the codes you saved when you turned two-factor on. Each works once."
            autoComplete="off"
            autoFocus
            {...form.getInputProps('recovery_code')}
          />
        ) : (
          <TextInput
            key="code"
            label="Authentication code"
            description="The 6-digit code from your authenticator app."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" loading={submitting} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((value) => !value)}>
          {useRecovery ? 'Use an authentication code instead' : 'Use a recovery code instead'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          Back to sign-in
        </Anchor>
      </Stack>
    </form>
  );
}
