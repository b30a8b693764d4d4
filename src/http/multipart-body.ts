// How a multipart/form-data upload is described to the API reference: one object whose properties are the form's
// parts, `file` the bytes. The route never validates it (see validatorCompiler): the form is streamed, and each
// module checks its fields as it reads them.
import type { TObject } from 'typebox';

export const MULTIPART_FORM = 'multipart/form-data';

interface MultipartBodyOptions {
  fields: TObject;
  /** The `file` part's description. */
  file?: string;
  /** Whether a form without its required fields (other than `file`) is refused. */
  fieldsRequired?: boolean;
}

/** The route's `body`: the form as an OpenAPI multipart body, its text fields from `fields`. */
export function multipartBody({ fields, file, fieldsRequired = true }: MultipartBodyOptions) {
  return {
    content: {
      [MULTIPART_FORM]: {
        schema: {
          type: 'object',
          required: ['file', ...(fieldsRequired ? (fields.required ?? []) : [])],
          properties: {
            file: { type: 'string', format: 'binary', ...(file === undefined ? {} : { description: file }) },
            ...fields.properties,
          },
        },
      },
    },
  };
}
