// Every screen in the navigation, as an administrator (who sees them all): no serious or critical accessibility
// violation found by axe (names of controls, labels, contrast, roles), and at tablet width (768 px) nothing wider
// than the window but the tables' own scroll areas.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

async function navigationTargets(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
  return (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).filter(Boolean);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

describe('the console for every user', () => {
  // One page per screen: longer than the default 30 s as the console grows.
  it('has no serious accessibility violation on any screen of the navigation, or on sign-in', { timeout: 300_000 }, async () => {
    const page = await harness.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').waitFor();
    expect(await seriousViolations(page), '/sign-in').toEqual([]);

    await harness.signIn(page, harness.tenant.adminEmail);
    const targets = await navigationTargets(page);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      await page.goto(target);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), target).toEqual([]);
    }
  });

  it('fits a tablet: no screen is wider than 768 px but for the tables scrolling inside it', { timeout: 300_000 }, async () => {
    const page = await harness.newPage({ width: 768, height: 1024 });
    await harness.signIn(page, harness.tenant.adminEmail);
    // At tablet width the navigation folds behind its button.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const targets = await navigationTargets(page);
    for (const target of targets) {
      await page.goto(target);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
      expect(overflow, target).toBeLessThanOrEqual(0);
    }
  });
});
