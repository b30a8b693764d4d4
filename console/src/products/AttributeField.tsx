// The input for one attribute's value, chosen by the attribute's type.
import { JsonInput, MultiSelect, Select, TextInput } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import type { UseFormReturnType } from '@mantine/form';
import type { Attribute } from './model';
import type { ProductFormValues } from './product-form';

const TEXT_TYPES: Partial<Record<Attribute['type'], string>> = {
  url: 'url',
  email: 'email',
  phone: 'tel',
  date: 'date',
};

export function AttributeField({
  attribute,
  form,
}: {
  attribute: Attribute;
  form: UseFormReturnType<ProductFormValues>;
}) {
  const path = `attributes.${attribute.code}`;
  const common = {
    label: attribute.unit ? `${attribute.label} (${attribute.unit})` : attribute.label,
    description: attribute.description ?? undefined,
    withAsterisk: attribute.is_required,
    ...form.getInputProps(path),
  };
  const options = attribute.options ?? [];
  switch (attribute.type) {
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          clearable
          placeholder="Not set"
        />
      );
    case 'select':
      return <Select {...common} data={options} clearable searchable placeholder="Not set" />;
    case 'multiselect':
      return <MultiSelect {...common} data={options} clearable searchable />;
    case 'json':
      return <JsonInput {...common} autosize minRows={2} formatOnBlur />;
    case 'color':
      return <TextInput {...common} placeholder="#1e88e5" />;
    default:
      return <TextInput {...common} type={TEXT_TYPES[attribute.type] ?? 'text'} />;
  }
}
