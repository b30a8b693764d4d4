// The actions on one user, as their status allows: edit, a new invitation or password-reset link, deactivate
// or reactivate (each change of access asked first).
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { EditUserDialog } from './EditUserDialog';
import { passwordLinkMessage, type PasswordLinkResult } from './PasswordLinkDialog';
import { userActions, type ManagedUser } from './users';
import { settingsKeys } from './api';

export function UserActionsMenu({ user, onLink }: { user: ManagedUser; onLink: (result: PasswordLinkResult) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const path = { params: { path: { id: user.id } } };
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.users });

  const deactivate = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/users/{id}/deactivate', path)),
    onSuccess: () => notifySuccess(`${user.name} is deactivated: their sessions ended and their tokens are suspended.`),
    onError: (error) => notifyFailure(error, `${user.name} was not deactivated`),
    onSettled: refresh,
  });
  const reactivate = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/users/{id}/reactivate', path)),
    onSuccess: () => notifySuccess(`${user.name} is active again.`),
    onError: (error) => notifyFailure(error, `${user.name} was not reactivated`),
    onSettled: refresh,
  });
  const link = useMutation({
    mutationFn: async (purpose: 'invitation' | 'reset') =>
      (
        await unwrap(
          purpose === 'invitation'
            ? api.POST('/api/v1/users/{id}/resend-invitation', path)
            : api.POST('/api/v1/users/{id}/reset-password', path),
        )
      ).data,
    onSuccess: (result) => {
      notifySuccess(passwordLinkMessage(result));
      onLink(result);
    },
    onError: (error) => notifyFailure(error, 'No link was made'),
    onSettled: refresh,
  });

  const askDeactivate = async () => {
    const sure = await confirm({
      title: `Deactivate ${user.name}?`,
      message:
        'They can no longer sign in; their sessions end and their API tokens stop working until they are reactivated.',
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (sure) deactivate.mutate();
  };
  const askReactivate = async () => {
    const sure = await confirm({
      title: `Reactivate ${user.name}?`,
      message: 'They can sign in again and their API tokens work again.',
      confirmLabel: 'Reactivate',
    });
    if (sure) reactivate.mutate();
  };
  const askReset = async () => {
    const sure = await confirm({
      title: `Reset ${user.name}’s password?`,
      message:
        'A one-time link to set a new password is made (valid for an hour). Their current password keeps working until they use it.',
      confirmLabel: 'Make reset link',
    });
    if (sure) link.mutate('reset');
  };

  const actions = userActions(user.status);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${user.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.includes('edit') && <Menu.Item onClick={() => setEditing(true)}>Edit name or role</Menu.Item>}
          {actions.includes('resend-invitation') && (
            <Menu.Item onClick={() => link.mutate('invitation')}>Resend invitation</Menu.Item>
          )}
          {actions.includes('reset-password') && <Menu.Item onClick={() => void askReset()}>Reset password</Menu.Item>}
          {actions.includes('reactivate') && <Menu.Item onClick={() => void askReactivate()}>Reactivate</Menu.Item>}
          {actions.includes('deactivate') && (
            <Menu.Item color="red" onClick={() => void askDeactivate()}>
              Deactivate
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <EditUserDialog user={editing ? user : null} onClose={() => setEditing(false)} />
    </>
  );
}
