import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Mailer, type MailerOptions } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail, sent in the background (see Mailer). */
    mailer: Mailer;
  }
}

export type MailPluginOptions = Pick<MailerOptions, 'retryDelaysMs' | 'timeoutMs'>;

/** Decorates the app with its mailer over SMTP_URL (or the log); pending mail ends with the app. */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    const mailer = new Mailer({ ...app.config.mail, ...options }, app.log);
    app.addHook('onClose', () => mailer.close());
    app.decorate('mailer', mailer);
  },
  { name: 'mail' },
);
