import { Code, ScrollArea } from '@mantine/core';

/** A JSON value, indented, in a bounded scrolling block (payloads can be long). */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <ScrollArea.Autosize mah={360} type="auto" aria-label={label}>
      <Code block>{JSON.stringify(value, null, 2)}</Code>
    </ScrollArea.Autosize>
  );
}
