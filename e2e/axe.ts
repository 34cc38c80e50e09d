import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const SEVERE = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one line per element. */
export async function severeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
      ),
    );
}
