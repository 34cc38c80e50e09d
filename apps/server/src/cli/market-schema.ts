import fs from 'node:fs';
import path from 'node:path';
import { marketUpstreamJsonSchema } from '../gateway/market.js';

/** Writes the market service's expected answer as JSON Schema, for operators writing an adapter. */
const file = path.resolve(import.meta.dirname, '../../../../docs/market-upstream.schema.json');
fs.writeFileSync(file, `${JSON.stringify(marketUpstreamJsonSchema(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
