import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZEnv } from '../src/config.js';

/*
 * The configuration is documented twice, in README.md's table and in .env.example. Both are held
 * to the schema the server parses: every setting it reads is in each, nothing else is, and a
 * default they show is the one the server applies.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const schemaKeys = Object.keys(ZEnv.shape).sort();
type Key = keyof typeof ZEnv.shape;

/** The README's table: each row's backticked names, with its default when that is one value. */
function readmeRows(): { names: string[]; defaultValue: string | undefined }[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)^#{2,3} /m.exec(readme)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = ''] = line.split('|').slice(1);
      const single = /^\s*`([^`]*)`\s*$/.exec(defaults);
      return {
        names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
        defaultValue: single?.[1],
      };
    });
}

/** .env.example's assignments, name to value. */
function envExample(): Map<string, string> {
  const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  return new Map(
    [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!.trim()]),
  );
}

/** What the server makes of a value, and of no value at all. */
function parsed(key: string, value: string | undefined) {
  const result = ZEnv.shape[key as Key].safeParse(value);
  return result.success ? result.data : `invalid: ${result.error.issues[0]?.message}`;
}

describe('the documented configuration', () => {
  it("README.md's table names every setting the server reads, and nothing else", () => {
    const documented = readmeRows().flatMap((row) => row.names);
    expect([...new Set(documented)].sort()).toEqual(schemaKeys);
    expect(documented).toHaveLength(new Set(documented).size);
  });

  it('.env.example sets every setting the server reads, and nothing else', () => {
    expect([...envExample().keys()].sort()).toEqual(schemaKeys);
  });

  it('a default the README or .env.example shows is the one the server applies', () => {
    const shown = [
      ...readmeRows()
        .filter((row) => row.names.length === 1 && row.defaultValue !== undefined)
        .map((row) => [row.names[0]!, row.defaultValue!, 'README.md'] as const),
      ...[...envExample()].map(([key, value]) => [key, value, '.env.example'] as const),
    ];
    const disagreements = shown
      .filter(([key]) => schemaKeys.includes(key))
      // Without a default in the schema, what is shown is an example or a default applied
      // elsewhere (the first admin's email), not one to compare.
      .filter(([key]) => parsed(key, undefined) !== undefined)
      .filter(([key, value]) => parsed(key, value) !== parsed(key, undefined))
      .map(([key, value, where]) => `${where}: ${key}=${value}`);
    expect(disagreements).toEqual([]);
  });
});
