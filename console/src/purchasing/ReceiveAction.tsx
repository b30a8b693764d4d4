// Receive goods of an order the supplier holds: the receiving dialog, line by line.
import { Button } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { OrderActionProps } from './order-action';
import { ReceiveDialog } from './ReceiveDialog';

export function ReceiveAction({ openDialog }: OrderActionProps) {
  return (
    <Button
      leftSection={<IconTruckDelivery size={16} />}
      onClick={() => openDialog((current, close) => <ReceiveDialog order={current} onClose={close} />)}
    >
      Receive goods
    </Button>
  );
}
