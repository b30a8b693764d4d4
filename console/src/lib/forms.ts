// A form that sends to the API: while sending, its button spins; a 422 puts each message at its field (and any
// the form has no field for above it); any other refusal is shown above the form too. Nothing is lost.
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage, placeFieldErrors } from '../api/errors';

export interface ApiFormOptions {
  /** API field name -> form field path where they differ (`category_id` shown at `category`). */
  aliases?: Readonly<Record<string, string>>;
}

export function useApiSubmit<Values extends Record<string, unknown>, Result>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<Result>,
  options: ApiFormOptions = {},
) {
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: Values): Promise<Result | undefined> => {
    setSubmitting(true);
    setFormError(null);
    try {
      return await send(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const { fields, unplaced } = placeFieldErrors(error, Object.keys(form.getValues()), options.aliases);
        form.setErrors(fields);
        if (unplaced.length > 0 || Object.keys(fields).length === 0)
          setFormError([error.message, ...unplaced].join(' '));
      } else {
        setFormError(errorMessage(error));
      }
      return undefined;
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submitting,
    formError,
    clearFormError: () => setFormError(null),
    onSubmit: form.onSubmit((values) => void submit(values)),
    submit,
  };
}
