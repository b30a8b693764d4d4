// The scale run's output: per engine, the seeding and memory of each size, the growth table with its targets
// checked, and the results written to bench/results/scale.json, the plans to bench/results/scale-plans.txt.
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../src/db/dialect.js';
import { renderGrowth, SCALE_TARGETS } from './growth.js';
import { PROJECT_ROOT } from './processes.js';
import { machine } from './report.js';
import { renderPlans, scaleEngine, type ScaleSettings } from './scale.js';
import { formatTable } from './table.js';

export async function runScale(options: {
  engines: Array<{ engine: Engine; postgresUrl: string | undefined }>;
  settings: ScaleSettings;
  save: boolean;
}): Promise<void> {
  const { settings } = options;
  const output: unknown[] = [];
  const planTexts: string[] = [];
  const measuredAt = new Date().toISOString();
  for (const { engine, postgresUrl } of options.engines) {
    const started = performance.now();
    const result = await scaleEngine(postgresUrl, settings, (line) => console.error(line));
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n${engine}: seeding and memory per size`);
    console.log(
      formatTable(
        ['products', 'movements', 'events', 'seed s', 'catalog s', 'operations s', 'RSS MB after', 'RSS peak MB'],
        result.sizes.map((s) => [
          s.products.toLocaleString('en'),
          s.seed.stockMovements.toLocaleString('en'),
          s.seed.events.toLocaleString('en'),
          s.seed.seconds.toFixed(1),
          (s.seed.phases.catalog ?? 0).toFixed(1),
          (s.seed.phases.operations ?? 0).toFixed(1),
          s.rss_mb?.toFixed(0) ?? '-',
          s.rss_peak_mb?.toFixed(0) ?? '-',
        ]),
      ),
    );
    console.log(
      `\n${engine}: growth (p50/p99 ms per size; x = largest size over smallest; * = its distinct URLs ran out before the duration)`,
    );
    console.log(renderGrowth(result.growth, settings.sizes));
    const misses = result.growth.flatMap((row) =>
      row.misses.map((miss) => `${row.read} at ${row.connections} connections: ${miss}`),
    );
    console.log(
      `\ntargets: p99 < ${SCALE_TARGETS.p99Ms} ms at ${SCALE_TARGETS.connections} connections at every size, p50 at the largest size <= ${SCALE_TARGETS.growth}x the smallest's: ${misses.length === 0 ? 'met' : `${misses.length} missed`}`,
    );
    for (const miss of misses) console.log(`  NO  ${miss}`);
    for (const note of result.notes) console.log(`  note: ${note}`);
    console.log(`${engine} took ${seconds.toFixed(0)} s\n`);
    const largest = result.sizes.at(-1)?.products ?? 0;
    planTexts.push(renderPlans(engine, largest, result.plans));
    output.push({
      ...result,
      targets: { ...SCALE_TARGETS, met: misses.length === 0, misses },
      seconds,
      measured_at: measuredAt,
      machine: machine(),
      settings,
    });
  }
  if (!options.save) return;
  const folder = path.join(PROJECT_ROOT, 'bench', 'results');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'scale.json'), `${JSON.stringify(output, null, 2)}\n`);
  fs.writeFileSync(path.join(folder, 'scale-plans.txt'), `${planTexts.join('\n')}\n`);
  console.log(`results written to ${path.relative(process.cwd(), folder)}/scale.json and scale-plans.txt`);
}
