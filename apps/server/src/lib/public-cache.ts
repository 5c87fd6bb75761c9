import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a CDN may serve a public answer again without asking (issue 43). Browsers ask every
 * time (max-age=0), with the ETag: a creator who just entered sees the count move at once, and a
 * repeat costs a 304.
 */
const SHARED_MAX_AGE_S = 60;

/**
 * An answer that is the same for every visitor (the public page's data): it carries
 * Cache-Control and an ETag (a hash of the answer), and a visitor whose copy is current gets a
 * 304 without the body.
 */
export function cacheablePublicAnswer<T>(request: FastifyRequest, reply: FastifyReply, answer: T) {
  const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
  reply.header('Cache-Control', `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}`).header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return answer;
}
