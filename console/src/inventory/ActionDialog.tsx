// The frame of every stock action: a titled dialog around a form, the refusal above its fields, and the buttons.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from '../components/FormError';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  formError: string | null;
  children: ReactNode;
  danger?: boolean;
}

export function ActionDialog({ title, onClose, onSubmit, submitLabel, submitting, formError, children, danger = false }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack>
          {children}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} color={danger ? 'red' : undefined}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
