// Labels of one product: the stock to print on, how many, with or without the price, then the PDF (the API's,
// read with the session) downloaded to print. The choice of stock is kept in the browser: an office prints on one
// kind.
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberInput } from '../components/NumberInput';
import { LABEL_LAYOUT_OPTIONS, productLabelsUrl, type LabelLayout } from './label-options';
import type { Product } from './model';

/** The API's bound on one document. */
const MAX_COPIES = 1000;

export function PrintLabelsAction({ product }: { product: Product }) {
  const [opened, { open, close }] = useDisclosure();
  const [layout, setLayout] = useLocalStorage<LabelLayout>({ key: 'qm-label-layout', defaultValue: 'a4-3x8' });
  const [copies, setCopies] = useState<number | string>(1);
  const [showPrice, setShowPrice] = useState(true);
  const count = Number(copies);
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_COPIES;

  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={open}>
        Print labels
      </Button>
      <Modal opened={opened} onClose={close} title={`Labels of ${product.name}`} centered>
        <Stack gap="sm">
          <Select
            label="Label stock"
            data={LABEL_LAYOUT_OPTIONS}
            value={layout}
            onChange={(value) => value && setLayout(value as LabelLayout)}
            allowDeselect={false}
          />
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
          <Checkbox
            label="Print the price"
            checked={showPrice}
            onChange={(event) => setShowPrice(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              component="a"
              href={valid ? productLabelsUrl(product.id, { layout, copies: count, showPrice }) : undefined}
              download={`${product.sku}-labels.pdf`}
              leftSection={<IconPrinter size={16} />}
              data-disabled={valid ? undefined : true}
              onClick={(event: React.MouseEvent) => (valid ? close() : event.preventDefault())}
            >
              Download labels
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
