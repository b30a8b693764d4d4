// A text filter that follows the URL: typing is sent once it pauses (not on every key, so the API is not asked
// for each letter), and a change of the URL by other means (cleared filters, the back button) shows in the box.
// One component for every list's search, so that they all wait, trim and clear alike, and "/" finds it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Marks the screen's search field, which the "/" shortcut focuses (app/shortcuts.ts). */
export const PAGE_SEARCH_ATTRIBUTE = 'data-page-search';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The search in the URL. */
  value: string;
  /** The typed text, trimmed; null when nothing is left, which removes the filter. */
  onSearch: (value: string | null) => void;
  /**
   * Enter pressed on a text (trimmed, not empty): what a barcode scanner types after its code. The search still
   * goes to the URL as usual.
   */
  onEnter?: (value: string) => void;
}

export function SearchInput({
  value,
  onSearch,
  onEnter,
  label = 'Search',
  leftSection = <IconSearch size={16} aria-hidden />,
  ...props
}: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    // Only when it differs from what is typed: a trailing space being typed is not taken away.
    if (value !== text.trim()) setText(value);
  }
  const send = useDebouncedCallback((next: string) => onSearch(next.trim() || null), 300);
  return (
    <TextInput
      maw="100%"
      {...props}
      {...{ [PAGE_SEARCH_ATTRIBUTE]: true }}
      label={label}
      leftSection={leftSection}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onEnter && text.trim()) onEnter(text.trim());
      }}
    />
  );
}
