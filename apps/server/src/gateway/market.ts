import type { TMarketItem } from '@nexusplay/contract/market';
import { UpstreamError } from './fetch-json.js';

const MAX_CATEGORIES = 100;
const MAX_ITEMS_PER_CATEGORY = 2000;

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

/** Item info keyed by category, as `{data: {...}}` or the bare object; anything else is refused. */
export function normaliseMarket(body: unknown): Record<string, TMarketItem[]> {
  const root =
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  if (!root || typeof root !== 'object' || Array.isArray(root))
    throw new UpstreamError('market answer is not keyed by category');
  const entries = Object.entries(root as Record<string, unknown>).slice(0, MAX_CATEGORIES);
  return Object.fromEntries(
    entries.map(([category, items]) => [
      category.slice(0, 100),
      (Array.isArray(items) ? items : [])
        .slice(0, MAX_ITEMS_PER_CATEGORY)
        .filter(
          (item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object',
        )
        .map((item) => normaliseItem(category.slice(0, 100), item)),
    ]),
  );
}
