/**
 * A synthetic catalogue of games and blog posts, the same for every run: text drawn from a fixed
 * vocabulary by a seeded generator, with three search terms whose frequency is known by design.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Engine } from '../apps/server/src/db/schema.js';

/** In about 40% of the rows: what a visitor types when browsing ("quest"). */
export const COMMON_TERM = 'quest';
/** In exactly SELECTIVE_ROWS rows whatever the size: a visitor looking for one title. */
export const SELECTIVE_TERM = 'zephyrine';
export const SELECTIVE_ROWS = 3;
/** In no row: its trigrams appear nowhere either. */
export const ABSENT_TERM = 'xylqvjw';

const COMMON_SHARE = 0.4;

// No word contains "quest", "zeph" or "xyl": the terms are exactly where they are put.
const ADJECTIVES = [
  'ancient',
  'brave',
  'crimson',
  'dark',
  'electric',
  'frozen',
  'golden',
  'hidden',
  'iron',
  'jade',
  'lunar',
  'mystic',
  'noble',
  'obsidian',
  'pixel',
  'royal',
  'silent',
  'twin',
  'wild',
  'solar',
];
const NOUNS = [
  'kingdom',
  'farm',
  'legends',
  'arena',
  'empire',
  'voyage',
  'dungeon',
  'garden',
  'tactics',
  'frontier',
  'heroes',
  'island',
  'racers',
  'realms',
  'saga',
  'tower',
  'valley',
  'wars',
  'world',
  'odyssey',
];
const WORDS = [
  'build',
  'trade',
  'craft',
  'explore',
  'battle',
  'collect',
  'breed',
  'harvest',
  'tokens',
  'guild',
  'players',
  'land',
  'rewards',
  'season',
  'market',
  'energy',
  'items',
  'friends',
  'chain',
  'wallet',
  'daily',
  'ranked',
  'mode',
  'story',
  'levels',
  'open',
  'community',
  'events',
  'creatures',
  'skills',
];

/** mulberry32: small, fast and the same sequence on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

function sentence(random: Random, words: number) {
  return Array.from({ length: words }, () => pick(random, WORDS)).join(' ');
}

/** Which rows carry the selective term: spread over the catalogue, not bunched at one end. */
function selectiveRows(count: number) {
  return new Set(
    Array.from({ length: SELECTIVE_ROWS }, (_, i) =>
      Math.floor(((i + 0.5) * count) / SELECTIVE_ROWS),
    ),
  );
}

/** A description of some thirty words, with the common and selective terms where they belong. */
function description(random: Random, selective: boolean) {
  const parts = [sentence(random, 12)];
  if (random() < COMMON_SHARE) parts.push(`a ${COMMON_TERM} awaits`);
  if (selective) parts.push(`in the ${SELECTIVE_TERM} league`);
  parts.push(sentence(random, 16));
  return `${parts.join(', ')}.`;
}

const DAY_MS = 86_400_000;

export type GameFields = { name: string; description: string; link: string };
export type PostFields = {
  title: string;
  description: string;
  content: string;
  author: string;
  date: string;
};

/** In about 60% of the game names: the two-letter search "ki" finds many. */
const NAME_SUFFIX = 'skirmish';
const SUFFIX_SHARE = 0.6;

/**
 * A game's name, with the search terms where they belong: games are searched by name only. Its
 * description may hold the common term too, which a search of names passes over.
 */
function gameName(random: Random, i: number, selective: boolean) {
  const words = [pick(random, ADJECTIVES), pick(random, NOUNS)];
  if (random() < COMMON_SHARE) words.push(COMMON_TERM);
  if (selective) words.push(SELECTIVE_TERM);
  if (random() < SUFFIX_SHARE) words.push(NAME_SUFFIX);
  return `${words.join(' ')} ${i + 1}`;
}

/** `count` games, in the order they are added: ids grow with the index. */
export function makeGames(count: number): GameFields[] {
  const random = generator(1);
  const selective = selectiveRows(count);
  return Array.from({ length: count }, (_, i) => ({
    name: gameName(random, i, selective.has(i)),
    description: description(random, false),
    link: `https://games.example.com/${i + 1}`,
  }));
}

/** `count` posts written over the ten years before 2025, a few a day, dates growing with ids. */
export function makePosts(count: number): PostFields[] {
  const random = generator(2);
  const selective = selectiveRows(count);
  const first = Date.UTC(2015, 0, 1);
  const span = 3650 * DAY_MS;
  return Array.from({ length: count }, (_, i) => {
    const summary = description(random, selective.has(i));
    return {
      title: `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}: notes ${i + 1}`,
      description: summary,
      content: `<p>${summary}</p><p>${sentence(random, 60)}</p>`,
      author: pick(random, ['Ayu', 'Budi', 'Citra', 'Dewi']),
      date: new Date(first + Math.floor((i / count) * span)).toISOString().slice(0, 10),
    };
  });
}

const BATCH = 500;

/** Inserts rows in batches straight into the database, through the triggers a write fires. */
export async function seedCatalogue(db: Kysely<Database>, games: number, posts: number) {
  const now = new Date().toISOString();
  const stamps = { image: null, created_at: now, updated_at: now };
  const gameRows = makeGames(games);
  for (let start = 0; start < gameRows.length; start += BATCH) {
    await db
      .insertInto('games')
      .values(gameRows.slice(start, start + BATCH).map((game) => ({ ...game, ...stamps })))
      .execute();
  }
  const postRows = makePosts(posts);
  for (let start = 0; start < postRows.length; start += BATCH) {
    await db
      .insertInto('blogs')
      .values(postRows.slice(start, start + BATCH).map((post) => ({ ...post, ...stamps })))
      .execute();
  }
}

/**
 * On PostgreSQL, the statistics and visibility map autovacuum would have gathered after a bulk
 * load. SQLite is left as the server leaves it: it never runs ANALYZE.
 */
export async function settle(db: Kysely<Database>, engine: Engine) {
  if (engine === 'postgres') await sql`vacuum analyze games, blogs`.execute(db);
}
