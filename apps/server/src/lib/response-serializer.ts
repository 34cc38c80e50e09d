import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The zod kinds a compiled serialiser writes exactly as zod would encode them. */
const PLAIN = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'object',
  'array',
  'optional',
  'nullable',
  'union',
]);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Whether the schema only describes a shape: objects, arrays and plain values, without a
 * transform, codec, default or catch-all that zod's encoding would apply.
 */
export function isPlainShape(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (!PLAIN.has(def.type)) return false;
  switch (def.type) {
    case 'object':
      // A catch-all (z.looseObject, z.catchall) passes keys the schema does not name.
      return def.catchall === undefined && Object.values(def.shape ?? {}).every(isPlainShape);
    case 'array':
      return def.element !== undefined && isPlainShape(def.element);
    case 'optional':
    case 'nullable':
      return def.innerType !== undefined && isPlainShape(def.innerType);
    case 'union':
      return (def.options ?? []).every(isPlainShape);
    default:
      return true;
  }
}

type JsonSchema = { [key: string]: unknown };

/** `X or null` as one typed value (`type: [t, "null"]`), which the compiled code writes directly. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplify(value)]),
  ) as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const [value, nothing] = anyOf[1]?.type === 'null' ? anyOf : [...anyOf].reverse();
    const keys = Object.keys(value ?? {});
    if (nothing?.type === 'null' && typeof value?.type === 'string' && keys.length === 1) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, type: [value.type, 'null'] };
    }
  }
  return schema;
}

/**
 * Answers are written by code compiled from the route's response schema (fast-json-stringify,
 * Fastify's own path) when that schema only describes a shape: the contract's zod schema stays
 * the single definition, turned into JSON Schema by zod itself. Like zod's encoding, the compiled
 * code writes only the properties the schema names, and fails on a missing required one.
 * Anything more than a shape (a transform, a codec) is encoded by zod, as before.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const { schema } = route;
  if (!(schema instanceof z.ZodType) || !isPlainShape(schema)) return zodSerializerCompiler(route);
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJsonStringify(simplify(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
};
