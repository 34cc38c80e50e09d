import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type OpenapiOptions = {
  siteName: string;
  /** Shapes the API does not answer but documents, such as what an upstream must send. */
  schemas?: Record<string, Record<string, unknown>>;
};

/** The OpenAPI document is generated from the routes' zod schemas; the UI lives at /api/docs. */
export const openapiPlugin = fp<OpenapiOptions>(
  async (app: FastifyInstance, { siteName, schemas = {} }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${siteName} API`, version: '1.0.0' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          schemas,
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
);
