// Which events a subscription receives: every event, an entity's events (`product.*`) or single event types,
// from the API's catalogue. Ticking a wider pattern covers (and replaces) the narrower ones beneath it.
import { Checkbox, Fieldset, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { QueryError } from '../components/QueryError';
import { useEventTypes } from './api';
import { ALL_EVENTS, covers, describePattern, groupEventTypes, togglePattern } from './patterns';

interface Props {
  value: string[];
  onChange: (patterns: string[]) => void;
  error?: string;
}

export function EventPatternPicker({ value, onChange, error }: Props) {
  const eventTypes = useEventTypes();
  const toggle = (pattern: string) => onChange(togglePattern(value, pattern));
  /** Ticked and locked when a wider selected pattern already includes it. */
  const coveredByWider = (pattern: string, probe: string) => value.some((p) => p !== pattern && covers(p, probe));

  return (
    <Fieldset legend="Event types *" variant="unstyled">
      <Stack gap="sm">
        {eventTypes.isPending && <Skeleton h={120} />}
        {eventTypes.isError && (
          <QueryError
            error={eventTypes.error}
            onRetry={() => void eventTypes.refetch()}
            title="Could not load the event types"
          />
        )}
        {eventTypes.data && (
          <>
            <Checkbox
              label={describePattern(ALL_EVENTS)}
              description="Every event of the entities your role may view, including types added later."
              checked={value.includes(ALL_EVENTS)}
              onChange={() => toggle(ALL_EVENTS)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {groupEventTypes(eventTypes.data).map((group) => {
                const groupCovered = coveredByWider(group.wildcard, `${group.entity}.x`);
                return (
                  <Stack key={group.entity} gap={6}>
                    <Checkbox
                      fw={600}
                      label={describePattern(group.wildcard)}
                      checked={groupCovered || value.includes(group.wildcard)}
                      disabled={groupCovered}
                      onChange={() => toggle(group.wildcard)}
                    />
                    <Stack gap={4} pl="lg">
                      {group.types.map((type) => {
                        const typeCovered = coveredByWider(type.event_type, type.event_type);
                        return (
                          <Checkbox
                            key={type.event_type}
                            size="xs"
                            label={type.event_type}
                            description={type.description}
                            checked={typeCovered || value.includes(type.event_type)}
                            disabled={typeCovered}
                            onChange={() => toggle(type.event_type)}
                          />
                        );
                      })}
                    </Stack>
                  </Stack>
                );
              })}
            </SimpleGrid>
          </>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
