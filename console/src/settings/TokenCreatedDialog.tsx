// The new token's plain text, shown this once: the server keeps only its hash.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyValue } from './CopyValue';

interface Props {
  token: { name: string; plainText: string; pending: boolean } | null;
  onClose: () => void;
}

export function TokenCreatedDialog({ token, onClose }: Props) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Token created" size="lg" closeOnClickOutside={false}>
      {token && (
        <Stack gap="sm">
          <Text size="sm">
            The token <strong>{token.name}</strong>:
          </Text>
          <CopyValue value={token.plainText} label="Token" />
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Copy it now">
            This is the only time the token is shown. Store it somewhere safe: whoever holds it acts as you within its
            abilities. If it is lost, revoke it and create a new one.
          </Alert>
          {token.pending && (
            <Alert color="yellow" title="Waiting for approval">
              It grants abilities that need an administrator’s approval; requests with it are refused until then.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
