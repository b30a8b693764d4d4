// The field a scanner types into (or a person, when a label will not scan): Enter takes the code, whoever typed
// it, and empties the field for the next one. What the screen refused of the last code shows at the field.
import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useNarrowScreen } from '../lib/useNarrowScreen';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown'> {
  onCode: (code: string) => void;
  /** A lookup is under way. */
  looking?: boolean;
}

export function ScanField({ onCode, looking = false, label = 'Scan a barcode or SKU', ...props }: Props) {
  const narrow = useNarrowScreen();
  const [text, setText] = useState('');
  return (
    <TextInput
      size={narrow ? 'lg' : 'sm'}
      leftSection={<IconBarcode size={18} aria-hidden />}
      rightSection={looking ? <Loader size={16} /> : null}
      autoComplete="off"
      {...props}
      label={label}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Never the form's submit: a scanner ends every code with Enter.
        event.preventDefault();
        const code = text.trim();
        if (code) onCode(code);
        setText('');
      }}
    />
  );
}
