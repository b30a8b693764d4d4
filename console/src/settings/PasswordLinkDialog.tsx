// A one-time link to set a password (an invitation or a reset). When the server e-mailed it, a notification
// says so; when e-mail is not configured, the link is shown here this once, to be passed on by hand.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { components } from '../../../clients/typescript/src/openapi';
import { CopyValue } from './CopyValue';
import { formatDateTime } from '../lib/format';

export type PasswordLinkResult = components['schemas']['ManagedUserWithLink'];

export function PasswordLinkDialog({ result, onClose }: { result: PasswordLinkResult | null; onClose: () => void }) {
  const link = result?.password_link;
  const opened = result !== null && link !== undefined && !link.email_sent && link.url !== null;
  const what = link?.purpose === 'reset' ? 'Password-reset link' : 'Invitation link';
  return (
    <Modal opened={opened} onClose={onClose} title={what} size="lg" closeOnClickOutside={false}>
      {result && link?.url && (
        <Stack gap="sm">
          <Text size="sm">
            E-mail is not configured, so send this link to <strong>{result.name}</strong> ({result.email}) yourself.
            They set their password with it.
          </Text>
          <CopyValue value={link.url} label={what} />
          <Alert color="yellow" p="xs">
            It works once, until {formatDateTime(link.expires_at)}, and is not shown again.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** What a notification says about a link the server made. */
export function passwordLinkMessage(result: PasswordLinkResult): string {
  const what = result.password_link.purpose === 'reset' ? 'A password-reset link' : 'An invitation';
  return result.password_link.email_sent
    ? `${what} was e-mailed to ${result.email}.`
    : `${what} for ${result.name} is ready: pass the link on.`;
}
