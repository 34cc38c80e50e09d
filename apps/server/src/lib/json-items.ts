import type { FastifyReply } from 'fastify';

/** A page's items as the JSON array the database wrote: sent as they are, never parsed. */
export class JsonItems {
  constructor(readonly text: string) {}
}

/**
 * Sends a list's items: the JSON the database wrote as it is (the route's response schema then
 * has nothing to serialise), or the items through the route's compiled serialiser.
 */
export function sendItems<Item>(reply: FastifyReply, items: Item[] | JsonItems) {
  return items instanceof JsonItems ? sendJsonText(reply, items.text) : items;
}

/** Sends JSON text as it is (the route's response schema has nothing to serialise). */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(text);
}
