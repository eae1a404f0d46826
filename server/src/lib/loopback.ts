/** Requests made on this machine: the development outbox and the metrics answer them without credentials. */
import type { FastifyRequest } from 'fastify';

/**
 * A request made on this machine: the socket's own peer is a loopback address (not `req.ip`, which a proxy header
 * may set) and no proxy header claims it was forwarded from elsewhere.
 */
export function fromLoopback(req: FastifyRequest): boolean {
  const peer = req.raw.socket?.remoteAddress ?? '';
  const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(peer);
  return loopback && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}
