// What a screen does with a scanned (or typed) barcode or SKU: look the product up (each code once a minute at
// most: a worker scans the same product again and again), hand it to the screen, and keep the screen's refusal,
// or the lookup's, to show at the scan field.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { lookupProduct, productKeys } from './api';
import type { Product } from './model';

/** The screen's answer to a scanned product: null when taken, else why not (shown at the scan field). */
export type ScanOutcome = string | null;

export function useProductScan(onProduct: (product: Product, code: string) => ScanOutcome) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(0);

  const scan = async (code: string) => {
    setPending((count) => count + 1);
    try {
      const product = await queryClient.fetchQuery({
        queryKey: productKeys.lookup(code),
        queryFn: () => lookupProduct(code),
        staleTime: 60_000,
      });
      setRefusal(product ? onProduct(product, code) : `No product has the barcode or SKU ${code}.`);
    } catch (failure) {
      setRefusal(`The lookup of ${code} failed: ${errorMessage(failure)}`);
    } finally {
      setPending((count) => count - 1);
    }
  };

  return { scan, refusal, looking: pending > 0, clearRefusal: () => setRefusal(null) };
}
