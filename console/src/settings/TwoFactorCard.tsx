// Two-factor authentication of the signed-in user. Off: "Turn on" starts enrolment (a QR code and the secret for
// the authenticator app), a first code confirms it and the recovery codes are shown this once. On: new recovery
// codes or turning it off, each with the password.
import { Alert, Badge, Box, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { ME_KEY, useCurrentUser } from '../auth/session';
import { FormError } from '../components/FormError';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { CopyValue } from './CopyValue';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SettingsCard } from './SettingsCard';

type Enrolment = components['schemas']['TwoFactorEnrolment'];

export function TwoFactorCard() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [passwordAction, setPasswordAction] = useState<'regenerate' | 'disable' | null>(null);

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: ME_KEY });

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment((await unwrap(api.POST('/api/v1/auth/two-factor/enable'))).data);
    } catch (error) {
      notifyFailure(error, 'Two-factor could not be started');
    } finally {
      setStarting(false);
    }
  };

  const status = me.two_factor_enabled ? (
    <Badge color="teal" variant="light">
      On
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Off
    </Badge>
  );

  return (
    <SettingsCard
      title="Two-factor authentication"
      description="Sign-in asks for a code from an authenticator app as well as your password."
    >
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        {status}
      </Group>

      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} account={me.user.email} onDone={() => setRecoveryCodes(null)} />
      ) : enrolment ? (
        <EnrolmentSteps
          enrolment={enrolment}
          onConfirmed={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
            notifySuccess('Two-factor authentication is on.');
            void refreshMe();
          }}
          onCancel={() => setEnrolment(null)}
        />
      ) : me.two_factor_enabled ? (
        <Group>
          <Button variant="default" onClick={() => setPasswordAction('regenerate')}>
            Regenerate recovery codes
          </Button>
          <Button variant="light" color="red" onClick={() => setPasswordAction('disable')}>
            Turn off
          </Button>
        </Group>
      ) : (
        <Group>
          <Button onClick={() => void start()} loading={starting}>
            Turn on
          </Button>
        </Group>
      )}

      <PasswordDialog
        action={passwordAction}
        onClose={() => setPasswordAction(null)}
        onRegenerated={(codes) => {
          setPasswordAction(null);
          setRecoveryCodes(codes);
          notifySuccess('New recovery codes replace the old ones.');
        }}
        onDisabled={(message) => {
          setPasswordAction(null);
          notifySuccess(message);
          void refreshMe();
        }}
      />
    </SettingsCard>
  );
}

function EnrolmentSteps({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useForm({ initialValues: { code: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(api.POST('/api/v1/auth/two-factor/confirm', { body: { code: values.code.trim() } }));
    onConfirmed(data.recovery_codes);
  });
  return (
    <Stack gap="sm">
      <Text size="sm">1. Scan this QR code with your authenticator app, or enter the secret by hand.</Text>
      <Box role="img" aria-label="QR code for your authenticator app" w={176}>
        <QRCodeSVG value={enrolment.otpauth_url} size={176} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={enrolment.secret} label="Secret" />
      <Text size="sm">2. Enter the 6-digit code the app shows to confirm.</Text>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm" maw={320}>
          <TextInput
            label="Authentication code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Confirm
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

interface PasswordDialogProps {
  action: 'regenerate' | 'disable' | null;
  onClose: () => void;
  onRegenerated: (codes: string[]) => void;
  onDisabled: (message: string) => void;
}

/** Both actions on an enabled two-factor need the password; the dialog asking for it is the confirmation. */
function PasswordDialog({ action, onClose, onRegenerated, onDisabled }: PasswordDialogProps) {
  const form = useForm({ initialValues: { password: '' } });
  const { submitting, formError, clearFormError, onSubmit } = useApiSubmit(form, async (values) => {
    if (action === 'regenerate') {
      const { data } = await unwrap(api.POST('/api/v1/auth/two-factor/recovery-codes', { body: values }));
      onRegenerated(data.recovery_codes);
    } else {
      const answer = await unwrap(api.DELETE('/api/v1/auth/two-factor', { body: values }));
      onDisabled(answer.message);
    }
    form.reset();
  });
  const close = () => {
    form.reset();
    clearFormError();
    onClose();
  };
  const disabling = action === 'disable';
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={disabling ? 'Turn off two-factor authentication' : 'Regenerate recovery codes'}
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <Alert color={disabling ? 'red' : 'yellow'} p="xs">
            {disabling
              ? 'Sign-in will ask for your password only. Your recovery codes stop working.'
              : 'Your current recovery codes stop working; the new ones are shown once.'}
          </Alert>
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={disabling ? 'red' : undefined} loading={submitting}>
              {disabling ? 'Turn off' : 'Regenerate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
