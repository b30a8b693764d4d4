// One pick list for several open shipments of a warehouse: those ticked, else the open ones the list shows. A
// link to the PDF (read with the session); disabled, with the reason on hover and focus, while there is none.
import { Button, Tooltip } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { Shipment } from './status';
import { wavePickList } from './wave';

interface Props {
  shipments: readonly Shipment[];
  /** Whether `shipments` are the ticked ones, rather than those listed. */
  ticked: boolean;
}

export function WavePickListButton({ shipments, ticked }: Props) {
  const plan = wavePickList(shipments);
  const icon = <IconListCheck size={16} aria-hidden />;
  if (!plan.ok)
    return (
      <Tooltip label={plan.reason} withArrow multiline w={260}>
        <Button variant="default" leftSection={icon} data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
          Download pick list
        </Button>
      </Tooltip>
    );
  return (
    <Button component="a" href={plan.href} download="pick-list.pdf" variant="default" leftSection={icon}>
      Download pick list ({plan.count} {ticked ? 'ticked' : 'listed'})
    </Button>
  );
}
