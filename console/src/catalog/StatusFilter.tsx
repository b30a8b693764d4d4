import { Select } from '@mantine/core';

/** Active / inactive filter of the brand and tag lists; the URL holds `active` or `inactive`. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label="Status"
      placeholder="Any status"
      data={[
        { value: 'active', label: 'Active' },
        { value: 'inactive', label: 'Inactive' },
      ]}
      value={value ?? null}
      onChange={onChange}
      clearable
      w={160}
    />
  );
}

/** The API's `is_active` filter for the URL's status. */
export function isActiveFilter(status: string | undefined): boolean | undefined {
  return status === 'active' ? true : status === 'inactive' ? false : undefined;
}
