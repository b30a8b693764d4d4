import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage({ what = 'page' }: { what?: string }) {
  return (
    <Stack align="flex-start" py="xl">
      <Title order={1} size="h2">
        Not found
      </Title>
      <Text c="dimmed">This {what} does not exist, or you may not see it.</Text>
      <Button component={Link} to="/" variant="light">
        Go to the home page
      </Button>
    </Stack>
  );
}
