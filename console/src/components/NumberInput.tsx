// Mantine's NumberInput with its stepper buttons named for their field ("Increase or decrease Quantity of
// Drill"): screen readers skip them (aria-hidden, out of the tab order), but a tool, or a person hovering one,
// finds one name per field rather than a column of identical ones. The name is a title, not an aria-label: an
// aria-label holding the field's label would make the buttons answer to that label too, beside the input.
import { NumberInput as MantineNumberInput, type NumberInputProps } from '@mantine/core';

/** The name of a field's steppers, from its label or, in a table row, its aria-label. */
export function stepperName(props: Pick<NumberInputProps, 'label' | 'aria-label'>): string {
  const field = props['aria-label'] ?? (typeof props.label === 'string' ? props.label : undefined);
  return field ? `Increase or decrease ${field}` : 'Increase or decrease';
}

export function NumberInput(props: NumberInputProps) {
  return <MantineNumberInput {...props} attributes={{ ...props.attributes, control: { title: stepperName(props) } }} />;
}
