// Recovery codes, shown once after they are made: the user copies or downloads them before moving on.
import { Alert, Button, CopyButton, Group, SimpleGrid, Code } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { recoveryCodesText } from './recovery-codes';

export function RecoveryCodesPanel({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: string;
  onDone: () => void;
}) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, account)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'quartermaster-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert color="yellow" title="Save your recovery codes now" role="region" aria-label="Recovery codes">
      Each code signs you in once if you lose your authenticator app. They are not shown again.
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing={4}
        my="sm"
        maw={420}
        component="ul"
        p={0}
        style={{ listStyle: 'none' }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code>{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={download}>
          Download as text
        </Button>
        <Button size="xs" onClick={onDone}>
          I have saved them
        </Button>
      </Group>
    </Alert>
  );
}
