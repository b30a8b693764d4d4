// Labels of one product: the label stock and price (LabelsButton), and how many.
import { useState } from 'react';
import { NumberInput } from '../components/NumberInput';
import { LabelsButton } from '../labels/LabelsButton';
import { productLabelsUrl } from '../labels/label-options';
import type { Product } from './model';

/** The API's bound on one document. */
const MAX_COPIES = 1000;

export function PrintLabelsAction({ product }: { product: Product }) {
  const [copies, setCopies] = useState<number | string>(1);
  const count = Number(copies);
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_COPIES;
  return (
    <LabelsButton
      label="Print labels"
      title={`Labels of ${product.name}`}
      fileName={`${product.sku}-labels.pdf`}
      url={(choice) => (valid ? productLabelsUrl(product.id, { ...choice, copies: count }) : null)}
    >
      <NumberInput
        label="Labels"
        min={1}
        max={MAX_COPIES}
        allowDecimal={false}
        allowNegative={false}
        value={copies}
        onChange={setCopies}
        error={valid ? undefined : `From 1 to ${MAX_COPIES} labels.`}
      />
    </LabelsButton>
  );
}
