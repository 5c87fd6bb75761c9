import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';

const operationSchema = z.looseObject({
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        schema: z.unknown(),
      }),
    )
    .optional(),
  requestBody: z
    .looseObject({ content: z.record(z.string(), z.looseObject({ schema: z.unknown() })).optional() })
    .optional(),
});

/** The parts of the OpenAPI 3 document the API reference page reads; the rest passes through. */
export const openApiDocumentSchema = z.looseObject({
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
export type OpenApiOperation = z.infer<typeof operationSchema>;

/**
 * The service's own endpoints under /api. The liveness probe, GET /healthz, lives outside /api
 * (load balancers call it, not the app) and is registered by the server alone.
 */
export const health = {
  openapi: endpointsOf(['system']).signedIn.get('/api/openapi.json', {
    summary: 'This API’s OpenAPI document',
    responses: { 200: openApiDocumentSchema },
  }),
};
