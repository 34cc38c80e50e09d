import type { TMarketItem } from '@nexusplay/contract/market';
import { z } from 'zod';
import { UpstreamError } from './fetch-json.js';

const MAX_CATEGORIES = 100;
const MAX_ITEMS_PER_CATEGORY = 2000;
/** How many mismatches a refused answer's log line names. */
const ISSUES_LOGGED = 3;

const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A number, or the text of one: some market services write every figure as a string. */
const zNumeric = z.union([z.number(), z.string().regex(NUMBER_TEXT, 'expected a number')]);
/** A figure the service may not know, written "N/A" as the market page shows it. */
const zNumericOrNotAvailable = z.union([zNumeric, z.literal('N/A')]);

const ITEM_FIELDS = {
  name: z.string().nullish().describe('Shown as "Unknown Item" when missing.'),
  level: zNumeric.nullish().describe('Default 1.'),
  tier: z.union([z.string(), z.number()]).nullish().describe('Default "N/A".'),
  site: z.string().nullish().describe('Where the item is made or sold.'),
  profit_per_energy: zNumeric.nullish().describe('Default 0.'),
  sell_price: zNumericOrNotAvailable
    .nullish()
    .describe('Weighted average offer price. Default "N/A".'),
  experience: zNumeric.nullish().describe('Default 0.'),
  energy: zNumericOrNotAvailable.nullish().describe('Default "N/A".'),
  time: zNumericOrNotAvailable.nullish().describe('In minutes. Default "N/A".'),
};
const FIELD_NAMES = Object.keys(ITEM_FIELDS);

const ZMarketUpstreamItem = z
  .looseObject(ITEM_FIELDS)
  .refine(
    (item) => FIELD_NAMES.some((field) => item[field] !== undefined && item[field] !== null),
    'has none of the documented item fields',
  )
  .describe(
    'One item. Every field is optional (missing or null takes its default), but an item must ' +
      'carry at least one of them; other fields are ignored.',
  );

/**
 * What MARKET_API_URL must answer (SPEC 7: "response data keyed by category"): an adapter in
 * front of any other market service can be written against this, and docs/ holds it as JSON
 * Schema. Anything else is refused as an upstream failure, so a wrong endpoint never shows as
 * live, empty data.
 */
export const ZMarketUpstreamAnswer = z
  .looseObject({
    data: z
      .record(z.string(), z.array(ZMarketUpstreamItem))
      .describe('Item lists keyed by category name.'),
  })
  .meta({
    title: 'MarketUpstreamAnswer',
    description:
      'The answer the market service configured in MARKET_API_URL must give: a JSON object ' +
      'whose "data" object maps each category name to a list of items. Other top-level fields ' +
      'are ignored.',
  });

const numberOr = <T>(value: unknown, fallback: T): number | T => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
};

const textOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : fallback;

/** One upstream row in the shape of SPEC 3, with its defaults for whatever is missing. */
export function normaliseItem(category: string, raw: Record<string, unknown>): TMarketItem {
  const tier = raw.tier;
  return {
    category,
    level: numberOr(raw.level, 1),
    tier: typeof tier === 'number' && Number.isFinite(tier) ? tier : textOr(tier, 'N/A'),
    name: textOr(raw.name, 'Unknown Item'),
    site: typeof raw.site === 'string' && raw.site.trim() ? raw.site.trim().slice(0, 200) : null,
    profit_per_energy: numberOr(raw.profit_per_energy, 0),
    sell_price: numberOr(raw.sell_price, 'N/A' as const),
    experience: numberOr(raw.experience, 0),
    energy: numberOr(raw.energy, 'N/A' as const),
    time: numberOr(raw.time, 'N/A' as const),
  };
}

function describeMismatch(error: z.ZodError): string {
  const issues = error.issues
    .slice(0, ISSUES_LOGGED)
    .map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`);
  const more = error.issues.length - issues.length;
  return `market answer does not match the documented shape (docs/market-upstream.schema.json): ${issues.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** Item info keyed by category, as `{data: {...}}`; any other shape is refused, saying why. */
export function normaliseMarket(body: unknown): Record<string, TMarketItem[]> {
  const parsed = ZMarketUpstreamAnswer.safeParse(body);
  if (!parsed.success) throw new UpstreamError(describeMismatch(parsed.error));
  const entries = Object.entries(parsed.data.data).slice(0, MAX_CATEGORIES);
  return Object.fromEntries(
    entries.map(([category, items]) => [
      category.slice(0, 100),
      items
        .slice(0, MAX_ITEMS_PER_CATEGORY)
        .map((item) => normaliseItem(category.slice(0, 100), item)),
    ]),
  );
}

/** The expected answer as JSON Schema (2020-12), for docs/. */
export const marketUpstreamJsonSchema = () =>
  z.toJSONSchema(ZMarketUpstreamAnswer, { io: 'input', target: 'draft-2020-12' });

/** The same for the OpenAPI document (3.0), without the dialect line it does not take. */
export function marketUpstreamOpenapiSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ZMarketUpstreamAnswer, {
    io: 'input',
    target: 'openapi-3.0',
  });
  return schema;
}
