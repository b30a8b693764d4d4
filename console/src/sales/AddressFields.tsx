// The fields of an address (the customers' and an order's ship-to shape) in a form, under `field`, so that the
// API's 422 of a part (`shipping_address.country`, `ship_to.country`) lands at its field.
import { SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ADDRESS_PARTS, type AddressPart } from './address';

const PART_LABELS: Record<AddressPart, string> = {
  street: 'Street',
  city: 'City',
  state: 'State or region',
  postal_code: 'Postal code',
  country: 'Country',
};

interface Props<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  field: string;
  /** Heads the fields and names each for assistive technology (`Ship-to address: City`). */
  title: string;
  /** The heading's level: 3 inside a dialog's section, 2 for a section of a page. */
  order?: 2 | 3;
}

export function AddressFields<Values extends Record<string, unknown>>({
  form,
  field,
  title,
  order = 3,
}: Props<Values>) {
  return (
    <>
      <Title order={order} size={order === 2 ? 'h4' : 'h5'} mt={order === 2 ? undefined : 'xs'}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ADDRESS_PARTS.map((part) => (
          <TextInput
            key={part}
            label={PART_LABELS[part]}
            aria-label={`${title}: ${PART_LABELS[part]}`}
            description={part === 'country' ? 'Two-letter code, e.g. GB' : undefined}
            maxLength={part === 'country' ? 2 : undefined}
            {...form.getInputProps(`${field}.${part}`)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
