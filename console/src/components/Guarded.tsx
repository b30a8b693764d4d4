// An action the user's abilities may not allow: hidden where the screen makes sense without it, or (with
// `showDisabled`) disabled with the reason on hover and focus, where its absence would puzzle.
import { Tooltip } from '@mantine/core';
import { cloneElement, type ReactElement } from 'react';
import { useCan } from '../auth/session';

interface Props {
  ability: string;
  children: ReactElement<{ disabled?: boolean }>;
  showDisabled?: boolean;
}

export function Guarded({ ability, children, showDisabled = false }: Props) {
  const can = useCan();
  if (can(ability)) return children;
  if (!showDisabled) return null;
  return (
    <Tooltip label={`Your role does not include ${ability}.`} withArrow>
      <span tabIndex={0}>{cloneElement(children, { disabled: true })}</span>
    </Tooltip>
  );
}
