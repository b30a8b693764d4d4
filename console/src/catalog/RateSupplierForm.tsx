// Rating a supplier from 1 to 5; the supplier's average and count come back from the API and are shown.
import { Button, Stack, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormError } from '../components/FormError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { catalogKeys } from './api';
import { type Supplier } from './types';

export function RateSupplierForm({ supplier }: { supplier: Supplier }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { rating: '' as number | string, notes: '' },
    validate: { rating: (value) => (value === '' ? 'Choose a rating from 1 to 5.' : null) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ rating, notes }) => {
    const result = (
      await unwrap(
        api.POST('/api/v1/operations/suppliers/{id}/rate', {
          params: { path: { id: supplier.id } },
          body: { rating: Number(rating), notes: notes.trim() === '' ? null : notes.trim() },
        }),
      )
    ).data;
    notifySuccess(
      `Rated ${result.submitted}. The average is now ${result.rating.toFixed(2)} from ${result.rating_count} ${result.rating_count === 1 ? 'rating' : 'ratings'}.`,
    );
    form.reset();
    await queryClient.invalidateQueries({ queryKey: catalogKeys.suppliers });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rate this supplier">
      <FormError message={formError} />
      <Stack gap="xs">
        <NumberInput
          label="Your rating"
          description="1 (poor) to 5 (excellent)."
          min={1}
          max={5}
          step={0.5}
          decimalScale={2}
          required
          {...form.getInputProps('rating')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          Submit rating
        </Button>
      </Stack>
    </form>
  );
}
