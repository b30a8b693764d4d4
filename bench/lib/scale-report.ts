// The scale run's output: per engine, the seeding and memory of each size, the growth table with its targets
// checked, and the results written to bench/results/scale.json, the plans to bench/results/scale-plans.txt.
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../src/db/dialect.js';
import { renderGrowth, SCALE_TARGETS } from './growth.js';
import { PROJECT_ROOT } from './processes.js';
import { machine } from './report.js';
import { renderPlans, scaleEngine, type ScaleEngineResult, type ScaleSettings } from './scale.js';
import { formatTable } from './table.js';

type SavedEngine = ScaleEngineResult & Record<string, unknown>;
const ENGINE_ORDER: readonly Engine[] = ['sqlite', 'postgres'];

export async function runScale(options: {
  engines: Array<{ engine: Engine; postgresUrl: string | undefined }>;
  settings: ScaleSettings;
  save: boolean;
}): Promise<void> {
  const { settings } = options;
  const output: SavedEngine[] = [];
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
          s.seed.kept ? 'kept' : s.seed.seconds.toFixed(1),
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
    console.log(
      renderGrowth(
        result.growth,
        result.sizes.map((s) => s.products),
      ),
    );
    const misses = result.growth.flatMap((row) =>
      row.misses.map((miss) => `${row.read} at ${row.connections} connections: ${miss}`),
    );
    console.log(
      `\ntargets: p99 < ${SCALE_TARGETS.p99Ms} ms at ${SCALE_TARGETS.connections} connections at every size, p50 at the largest size <= ${SCALE_TARGETS.growth}x the smallest's: ${misses.length === 0 ? 'met' : `${misses.length} missed`}`,
    );
    for (const miss of misses) console.log(`  NO  ${miss}`);
    for (const note of result.notes) console.log(`  note: ${note}`);
    console.log(`${engine} took ${seconds.toFixed(0)} s\n`);
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
  // A run of one engine replaces that engine's results and keeps the other's.
  const file = path.join(folder, 'scale.json');
  const earlier: SavedEngine[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const measured = new Set(output.map((entry) => entry.engine));
  const saved = [...earlier.filter((entry) => !measured.has(entry.engine)), ...output].sort(
    (a, b) => ENGINE_ORDER.indexOf(a.engine) - ENGINE_ORDER.indexOf(b.engine),
  );
  fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  const planTexts = saved.map((entry) => renderPlans(entry.engine, entry.sizes.at(-1)?.products ?? 0, entry.plans));
  fs.writeFileSync(path.join(folder, 'scale-plans.txt'), `${planTexts.join('\n')}\n`);
  console.log(`results written to ${path.relative(process.cwd(), folder)}/scale.json and scale-plans.txt`);
}
