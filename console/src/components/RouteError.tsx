import { Alert, Button, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { errorMessage } from '../api/errors';

/** A screen that failed to draw (or its code failed to load, e.g. after an upgrade): say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Stack p="xl" maw={640}>
      <Alert color="red" title="This screen failed" role="alert">
        <Text size="sm" mb="sm">
          {errorMessage(error)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    </Stack>
  );
}
