// The shipment's next step that its status and the user's role allow (pick, pack, ship, deliver; cancel beside
// them while it is open), and its packing slip and pick list as PDFs, which every reader may download.
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { api, unwrap } from '../api/client';
import { useCurrentUser } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { packingSlipUrl, pickListUrl, useRefreshShipments } from './api';
import { CancelDialog, PackDialog, ShipDialog } from './ShipmentDialogs';
import { availableActions, nextSteps, type Shipment, type ShipmentAction } from './status';
import type { PickState } from './usePick';

type Dialog = 'pack' | 'ship' | 'cancel' | null;

export function ShipmentActions({ shipment, pick }: { shipment: Shipment; pick: PickState }) {
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const deliver = useDeliver(shipment);
  const close = () => setDialog(null);
  const steps = nextSteps(availableActions(shipment, user.abilities));

  const buttons: Record<ShipmentAction, ReactNode> = {
    pick: (
      <Button key="pick" size="md" onClick={pick.requestPick} loading={pick.sending}>
        Pick
      </Button>
    ),
    pack: (
      <Button key="pack" size="md" onClick={() => setDialog('pack')}>
        Pack
      </Button>
    ),
    ship: (
      <Button key="ship" size="md" onClick={() => setDialog('ship')}>
        Ship
      </Button>
    ),
    deliver: (
      <Button key="deliver" size="md" onClick={() => void deliver.run()} loading={deliver.busy}>
        Mark delivered
      </Button>
    ),
    cancel: (
      <Button key="cancel" size="md" color="red" variant="light" onClick={() => setDialog('cancel')}>
        Cancel shipment
      </Button>
    ),
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {steps.map((step) => buttons[step])}
        <Button
          component="a"
          href={packingSlipUrl(shipment)}
          download={`${shipment.shipment_number}-packing-slip.pdf`}
          variant="default"
          size="md"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Packing slip
        </Button>
        <Button
          component="a"
          href={pickListUrl(shipment)}
          download={`${shipment.shipment_number}-pick-list.pdf`}
          variant="default"
          size="md"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Pick list
        </Button>
      </Group>
      {dialog === 'pack' && <PackDialog shipment={shipment} onClose={close} />}
      {dialog === 'ship' && <ShipDialog shipment={shipment} onClose={close} />}
      {dialog === 'cancel' && <CancelDialog shipment={shipment} onClose={close} />}
    </>
  );
}

/** Delivered now: asked first, as it ends the shipment. */
function useDeliver(shipment: Shipment) {
  const refresh = useRefreshShipments();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const sure = await confirm({
      title: `Mark ${shipment.shipment_number} delivered?`,
      message: 'The customer has received it: the shipment ends here.',
      confirmLabel: 'Mark delivered',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await unwrap(
        api.POST('/api/v1/sales/shipments/{id}/deliver', { params: { path: { id: shipment.id } }, body: {} }),
      );
      notifySuccess(`${shipment.shipment_number} delivered.`);
    } catch (error) {
      notifyFailure(error, `Could not mark ${shipment.shipment_number} delivered`);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return { busy, run };
}
