// What the user sees after an action: a notification saying what happened (or why not), and a confirmation
// before anything destructive or hard to undo.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';

export function notifySuccess(message: ReactNode, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyFailure(error: unknown, title = 'That did not work'): void {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The way out; `Cancel` unless that word would name the action itself (cancelling an import). */
  cancelLabel?: string;
  /** Red for what destroys or cannot be undone. */
  danger?: boolean;
}

/** Resolves true when the user confirms, false when they cancel or close the dialog. */
export function confirm({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: danger ? 'red' : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
