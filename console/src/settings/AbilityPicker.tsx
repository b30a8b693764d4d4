// The abilities a new token grants, from the API's catalogue grouped by module (those the service checks; not
// those it reserves for modules it does not have): each with its sensitivity, and a mark on those that make the
// token wait for an administrator's approval.
import { Accordion, Badge, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { QueryError } from '../components/QueryError';
import { groupAbilities, offeredAbilities, type Ability } from './tokens';
import { useAbilityCatalogue } from './api';

const SENSITIVITY_COLOR = { low: 'gray', medium: 'blue', high: 'orange' } as const;

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
}

export function AbilityPicker({ value, onChange, error }: Props) {
  const catalogue = useAbilityCatalogue();
  if (catalogue.isPending) return <Skeleton h={160} />;
  if (catalogue.isError)
    return (
      <QueryError
        error={catalogue.error}
        onRetry={() => void catalogue.refetch()}
        title="The abilities could not be loaded"
      />
    );

  const offered = offeredAbilities(catalogue.data);
  const chosen = new Set(value);
  const toggle = (abilities: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const ability of abilities) {
      if (on) next.add(ability);
      else next.delete(ability);
    }
    // The catalogue's order, whatever order they were ticked in.
    onChange(offered.map((entry) => entry.ability).filter((ability) => next.has(ability)));
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Abilities{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        A token can never do more than your role allows.
      </Text>
      <Accordion multiple variant="contained" chevronPosition="left">
        {groupAbilities(offered).map((group) => (
          <ModuleAbilities
            key={group.module}
            module={group.module}
            abilities={group.abilities}
            chosen={chosen}
            onToggle={toggle}
          />
        ))}
      </Accordion>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface ModuleProps {
  module: string;
  abilities: Ability[];
  chosen: Set<string>;
  onToggle: (abilities: string[], on: boolean) => void;
}

function ModuleAbilities({ module, abilities, chosen, onToggle }: ModuleProps) {
  const names = abilities.map((ability) => ability.ability);
  const count = names.filter((name) => chosen.has(name)).length;
  return (
    <Accordion.Item value={module}>
      <Accordion.Control>
        <Group gap="xs">
          <Text fw={500} tt="capitalize">
            {module}
          </Text>
          {count > 0 && (
            <Badge size="sm" variant="light">
              {count} chosen
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap={6}>
          <Checkbox
            label={`Every ${module} ability listed here`}
            checked={count === names.length}
            indeterminate={count > 0 && count < names.length}
            onChange={(event) => onToggle(names, event.currentTarget.checked)}
            fw={500}
          />
          {abilities.map((ability) => (
            <Group key={ability.ability} gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                label={ability.ability}
                checked={chosen.has(ability.ability)}
                onChange={(event) => onToggle([ability.ability], event.currentTarget.checked)}
              />
              <Group gap={4} wrap="nowrap">
                {ability.requires_approval && (
                  <Badge size="xs" color="orange" variant="outline">
                    Needs approval
                  </Badge>
                )}
                <Badge size="xs" color={SENSITIVITY_COLOR[ability.sensitivity]} variant="light">
                  {ability.sensitivity}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
