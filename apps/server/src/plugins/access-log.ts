import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * One access-log line per request, written when it completes. Fastify's default writes two (one
 * more on arrival), doubling what logging costs every answer, the cached ones included.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { method, url, ip } = request;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { method, url, statusCode: reply.statusCode, ms, ip };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request');
  }
}

/**
 * Standard output through pino's asynchronous destination: lines that arrive while a write is
 * under way go out together in the next one, so a busy server spends little on its log, and what
 * is still buffered is written when the process exits.
 */
export function bufferedStdout() {
  return pino.destination({ dest: 1, sync: false });
}
