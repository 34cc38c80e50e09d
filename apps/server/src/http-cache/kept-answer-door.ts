import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { logsEveryRead } from '../plugins/access-log.js';
import type { PersonalAnswers } from './personal-answers.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The Fastify options a server it makes itself is given (fastify/lib/server.js). */
type ServerOptions = {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

/**
 * The kept signed-in answers at the HTTP server's door, ahead of Fastify. A GET whose caller
 * memory vouches for (a token verified lately, a session checked lately that stands) and whose
 * answer is kept and unchanged on this SQLite connection is written here as it was sent the
 * first time, every header included; every other request goes on to Fastify, which decides it in
 * full (and refuses it there, with its message, when it must be refused).
 *
 * These are the checks the access hook and keptAnswers make for such a request on the way
 * through Fastify, in the same order and from the same memory; what the door leaves out is
 * Fastify's own work around them (its request and reply, routing, hooks and logger), which was
 * about a third of a kept answer's time (bench/RESULTS.md 1b'). So the door stays shut:
 *
 * - until the app is built (`open`), and once it begins to close (Fastify then ends
 *   connections and answers 503);
 * - on PostgreSQL, where a kept answer's versions are read on every request;
 * - at LOG_LEVEL debug or below, where every read has its access line;
 * - to a request with a body.
 */
export class KeptAnswerDoor {
  private answers: PersonalAnswers | undefined;
  private app: FastifyInstance | undefined;

  /** Fastify's serverFactory: node:http with Fastify's own settings, the door first. */
  readonly serverFactory: FastifyServerFactory = (handler: Handler, options: ServerOptions) => {
    const server = http.createServer((request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Opens the door of a built app (its answers, its auth): shut again once it begins closing. */
  open(app: FastifyInstance, answers: PersonalAnswers) {
    if (!answers.enabled || app.db.changesNow === undefined) return;
    app.addHook('preClose', (done) => {
      this.answers = undefined;
      this.app = undefined;
      done();
    });
    this.answers = answers;
    this.app = app;
  }

  /** Writes the kept answer of `request` if memory vouches for it; whether it did. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { answers, app } = this;
    if (!answers || !app || request.method !== 'GET') return false;
    const { headers } = request;
    // The cheap checks first: most requests (public reads, the pages) leave here.
    if (
      headers.authorization === undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      logsEveryRead(app.log)
    )
      return false;
    const user = app.callerInMemory(headers.authorization);
    if (!user) return false;
    const changes = app.db.changesNow?.();
    if (changes === undefined) return false;
    const kept = answers.current(`${user.id} ${request.url}`, changes);
    if (!kept || (kept.adminOnly && user.role !== 'admin')) return false;
    response.writeHead(200, kept.wire as string[]).end(kept.body);
    return true;
  }
}
