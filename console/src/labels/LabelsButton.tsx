// A button that opens the choice of a label document and downloads it: the label stock (kept in the browser: an
// office prints on one kind), whether to print the price, and what the caller adds (how many, per unit or per
// line). The PDF is the API's, read with the session: by its address (a GET), or by `fetchPdf` where the document
// is asked for by POST (the labels of a selection of products).
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { notifyFailure } from '../lib/feedback';
import { saveFile } from '../lib/save-file';
import { LABEL_LAYOUT_OPTIONS, type LabelChoice, type LabelLayout } from './label-options';

interface Props {
  /** The button's text, e.g. "Print labels". */
  label: string;
  /** Its name for screen readers where several such buttons share a screen; it starts with `label`. */
  accessibleName?: string;
  title: string;
  fileName: string;
  size?: 'xs' | 'sm';
  /** The document's address for the choice; null while the caller's own fields are invalid. */
  url?: (choice: LabelChoice) => string | null;
  /** Instead of `url`: reads the document for the choice (a POST), then saved as `fileName`. */
  fetchPdf?: (choice: LabelChoice) => Promise<Blob>;
  /** The caller's own fields, between the stock and the price. */
  children?: ReactNode;
}

export function LabelsButton({ label, accessibleName, title, fileName, size = 'sm', url, fetchPdf, children }: Props) {
  const [opened, { open, close }] = useDisclosure();
  const [layout, setLayout] = useLocalStorage<LabelLayout>({ key: 'qm-label-layout', defaultValue: 'a4-3x8' });
  const [showPrice, setShowPrice] = useState(true);
  const [fetching, setFetching] = useState(false);
  const href = url ? url({ layout, showPrice }) : null;

  const download = async () => {
    if (!fetchPdf) return;
    setFetching(true);
    try {
      saveFile(await fetchPdf({ layout, showPrice }), fileName);
      close();
    } catch (failure) {
      notifyFailure(failure, 'The labels could not be made');
    } finally {
      setFetching(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        size={size}
        leftSection={<IconPrinter size={16} />}
        aria-label={accessibleName}
        onClick={open}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack gap="sm">
          <Select
            label="Label stock"
            data={LABEL_LAYOUT_OPTIONS}
            value={layout}
            onChange={(value) => value && setLayout(value as LabelLayout)}
            allowDeselect={false}
          />
          {children}
          <Checkbox
            label="Print the price"
            checked={showPrice}
            onChange={(event) => setShowPrice(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {fetchPdf ? (
              <Button leftSection={<IconPrinter size={16} />} loading={fetching} onClick={() => void download()}>
                Download labels
              </Button>
            ) : (
              <Button
                component="a"
                href={href ?? undefined}
                download={fileName}
                leftSection={<IconPrinter size={16} />}
                data-disabled={href ? undefined : true}
                onClick={(event: React.MouseEvent) => (href ? close() : event.preventDefault())}
              >
                Download labels
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
