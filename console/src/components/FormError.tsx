import { Alert } from '@mantine/core';

/** A refusal that belongs to the form as a whole, shown above its fields. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mb="sm" p="xs">
      {message}
    </Alert>
  );
}
