import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** A strong validator for a representation: a label and a digest of its bytes. */
export function strongEtag(label: string, content: string | Buffer): string {
  return `"${label}-${createHash('sha256').update(content).digest('base64url').slice(0, 16)}"`;
}

/**
 * `If-None-Match` against a tag: `*`, or a list of (possibly weak) tags compared weakly, as
 * RFC 9110 asks for GET and HEAD.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** A 304 carries no body, and so no `Content-Type` (RFC 9110 §15.4.5): only the validators. */
export function notModified(reply: FastifyReply): FastifyReply {
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return reply.code(304).send();
}
