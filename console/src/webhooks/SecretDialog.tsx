// A signing secret, shown once: after a subscription is created or its secret rotated. Closing the dialog drops
// it from memory; the API never shows it again.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

export interface ShownSecret {
  title: string;
  secret: string;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.title ?? ''}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
    >
      {shown && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Store this secret now">
            This is the only time the signing secret is shown. The receiver needs it to check the signature of every
            delivery; if it is lost, rotate the secret.
          </Alert>
          <Text size="sm" fw={500} id="signing-secret-label">
            Signing secret
          </Text>
          <Code block aria-labelledby="signing-secret-label" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {shown.secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have stored the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
