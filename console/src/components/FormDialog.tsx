// The frame of a dialog that holds a form: a titled modal, the API's refusal above the fields, and Cancel beside
// the submit button. One frame for the areas' action and edit dialogs, so that they all look and behave alike.
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './FormError';
import { useReturnFocus } from './useReturnFocus';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  formError: string | null;
  children: ReactNode;
  /** Red for what cannot be undone. */
  danger?: boolean;
  size?: ModalProps['size'];
}

export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitting,
  formError,
  children,
  danger = false,
  size = 'md',
}: Props) {
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
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
