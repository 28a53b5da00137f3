import type { Request } from 'express';

/**
 * The client's address: Express's req.ip, which follows X-Forwarded-For only from trusted proxies
 * (TRUST_PROXY; the gateway). IPv4-mapped IPv6 addresses are shown as IPv4.
 */
export const clientIp = (req: Request): string => {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  const plain = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
  return plain.slice(0, 64) || 'unknown';
};
