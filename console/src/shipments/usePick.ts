// The pick of a draft shipment as the worker goes: the counts per line (scanned or stepped), the short lines once
// the worker asks to finish with some, and the pick sent to the API: picked in full, the shipment is picked (and
// packed next); short, it is packed at once with what was picked of each short line, the rest going back to the
// order, and the short pick written into its notes for the packing slip.
import { useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import { useRefreshShipments } from './api';
import {
  adjust,
  notesWithShortPick,
  packedShort,
  shortLines,
  shortPickNote,
  type PickCounts,
  type PickLine,
} from './pick';
import type { Shipment } from './status';

export function usePick(shipment: Shipment) {
  const refresh = useRefreshShipments();
  const [counts, setCountsState] = useState<PickCounts>({});
  // The counts as they are now, for scans that arrive faster than the screen redraws.
  const latest = useRef<PickCounts>({});
  const [shortShown, setShortShown] = useState(false);
  const [sending, setSending] = useState(false);

  const setCounts = (next: PickCounts) => {
    latest.current = next;
    setCountsState(next);
  };
  const shorts = shortLines(shipment.lines, counts);

  const send = async () => {
    setSending(true);
    try {
      const path = { params: { path: { id: shipment.id } } };
      if (shorts.length > 0) {
        const body = { notes: notesWithShortPick(shipment.notes, shorts), lines: packedShort(shorts) };
        await unwrap(api.POST('/api/v1/sales/shipments/{id}/pack', { ...path, body }));
        notifySuccess(`${shipment.shipment_number} packed short. ${shortPickNote(shorts)}`);
      } else {
        await unwrap(api.POST('/api/v1/sales/shipments/{id}/pick', { ...path, body: {} }));
        notifySuccess(`${shipment.shipment_number} picked.`);
      }
      setCounts({});
      setShortShown(false);
    } catch (error) {
      notifyFailure(error, `Could not record the pick of ${shipment.shipment_number}`);
    } finally {
      setSending(false);
      await refresh();
    }
  };

  return {
    counts,
    latest,
    setCounts,
    step: (line: PickLine, delta: number) => setCounts(adjust(latest.current, line, delta)),
    shorts,
    /** Whether the short lines are flagged, awaiting the worker's confirmation. */
    shortShown,
    sending,
    /** Pick: sent at once when every line is picked in full; else the short lines are flagged, to pack short. */
    requestPick: () => (shorts.length > 0 ? setShortShown(true) : void send()),
    confirmShort: () => void send(),
    keepPicking: () => setShortShown(false),
  };
}

export type PickState = ReturnType<typeof usePick>;
