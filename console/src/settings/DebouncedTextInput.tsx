// A text filter that follows the URL: typing commits after a pause, and a change of the URL (back button,
// "Clear filters") shows in the field.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onCommit: (value: string | null) => void;
}

export function DebouncedTextInput({ value, onCommit, ...props }: Props) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim() || null), 300);
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}
