// The scan field on top of the pick: a scanner types a barcode or SKU fast and ends with Enter. Each code is
// resolved through the product lookup and checked against the pick list in the order scanned; a refusal shows
// in red naming the code, and beeps.
import { Alert } from '@mantine/core';
import { useRef, useState } from 'react';
import { ScanField } from '../components/ScanField';
import { errorMessage } from '../api/errors';
import { useScanLookup } from './api';
import { beep } from './beep';
import { lineCode, pickedOf, refusalMessage, scan } from './pick';
import type { PickState } from './usePick';
import type { Shipment } from './status';

type Feedback = { ok: boolean; message: string; key: number } | null;

export function PickScanField({ shipment, pick }: { shipment: Shipment; pick: PickState }) {
  const lookup = useScanLookup();
  const [feedback, setFeedback] = useState<Feedback>(null);
  // Codes are checked one after the other, each against the counts the one before left.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const counter = useRef(0);

  const tell = (ok: boolean, message: string) => {
    counter.current += 1;
    setFeedback({ ok, message, key: counter.current });
    if (!ok) beep();
  };

  const check = async (code: string) => {
    let product;
    try {
      product = await lookup(code);
    } catch (error) {
      tell(false, `Could not look up ${code}: ${errorMessage(error)}`);
      return;
    }
    const outcome = scan(shipment.lines, pick.latest.current, code, product);
    if (outcome.kind !== 'picked') {
      tell(false, refusalMessage(outcome));
      return;
    }
    pick.setCounts(outcome.counts);
    const { line } = outcome;
    tell(true, `Picked ${lineCode(line)}: ${pickedOf(outcome.counts, line)} of ${line.quantity}.`);
  };

  return (
    <div>
      <ScanField
        description="Scan each item as it goes into the tote, or type its code and press Enter."
        size="lg"
        autoFocus
        data-autofocus
        onCode={(code) => {
          queue.current = queue.current.then(() => check(code));
        }}
      />
      {feedback &&
        (feedback.ok ? (
          <Alert key={feedback.key} color="teal" variant="light" mt="xs" role="status" p="xs">
            {feedback.message}
          </Alert>
        ) : (
          <Alert key={feedback.key} color="red" variant="light" mt="xs" title="Not picked" role="alert">
            {feedback.message}
          </Alert>
        ))}
    </div>
  );
}
