import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is built from the route schemas either way; `expose` serves it and its browsable UI under
 * /api/docs (off in production unless API_DOCS=true: a map of every route is for developers, not visitors).
 * Must be registered before the routes it documents.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { version: string; expose: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Matome API', version: options.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The browsable UI and its assets are loaded only where they are served.
  if (options.expose) {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }
}
