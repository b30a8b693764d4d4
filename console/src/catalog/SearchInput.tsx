// The list's search box: typed freely, sent to the URL (and so to the API) once the typing pauses.
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

export function SearchInput({ value, onSearch, label = 'Search' }: { value: string; onSearch: (value: string) => void; label?: string }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed by other means (a cleared filter, the back button): show its search.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const send = useDebouncedCallback(onSearch, 300);
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value.trim());
      }}
      w={280}
      maw="100%"
    />
  );
}
