// The table of docs/abilities.md that says which role holds which ability ("Who holds what") says what
// `roleAllows` does: a row per ability in use, a column per role, `yes` exactly where the role allows it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABILITIES, roleAllows } from '../../src/modules/auth/abilities.js';
import { ROLES } from '../../src/modules/tenancy/user.service.js';

const PAGE = path.resolve(import.meta.dirname, '../../docs/abilities.md');

/** The cells of the table under the heading, one array per line, header and separator left out. */
function tableUnder(heading: string): string[][] {
  const lines = readFileSync(PAGE, 'utf8').split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${heading} in docs/abilities.md`).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines
    .slice(first, end)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replaceAll('`', '')),
    )
    .filter((_, i) => i !== 1);
}

describe('docs/abilities.md, who holds what', () => {
  it('has a column per role and a row per ability in use, marked where the role allows it', () => {
    const [header, ...rows] = tableUnder('### Who holds what');
    expect(header).toEqual(['Ability', ...ROLES]);
    expect(rows.map(([ability]) => ability)).toEqual(ABILITIES.filter((a) => a.in_use).map((a) => a.ability));
    for (const [ability, ...cells] of rows)
      expect(cells, ability).toEqual(ROLES.map((role) => (roleAllows(role, ability!) ? 'yes' : '')));
  });
});
