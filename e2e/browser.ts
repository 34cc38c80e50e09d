import fs from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH, else Debian's Chromium, else a browser Playwright installed itself. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM, safeBundledPath()].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      [
        'No Chromium found for the end-to-end tests. Install one of:',
        '  - Debian/Ubuntu: apt-get install chromium  (used from /usr/bin/chromium)',
        '  - any Chromium or Chrome, then set CHROMIUM_PATH=/path/to/chromium',
        "  - Playwright's own build: npx playwright install chromium",
      ].join('\n'),
    );
  }
  return found;
}

function safeBundledPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
