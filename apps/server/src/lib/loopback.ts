/**
 * This machine's own addresses. Development tools (the mailbox) answer only requests that come from
 * here: the quick start runs in development, and a server reachable from elsewhere would otherwise
 * show anyone every e-mail it sent, password-reset links included.
 */
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return net.isIPv6(bare) && bare.replace(/^(0{0,4}:)+/, '::') === '::1';
}

/** A listen address (HOST) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isLoopbackAddress(host.trim());
}

/**
 * Whether the request comes from this machine. A request a proxy forwarded is not, even from a proxy
 * on this machine: the connection is local but the person is not, so any forwarding header refuses.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => name in request.headers);
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
