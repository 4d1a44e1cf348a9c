import proxyAddr from '@fastify/proxy-addr';

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
 * none (false), the nearest `n` hops, or the hops whose addresses are in a list (IPs, CIDRs or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type ProxyTrust = false | number | readonly string[];

/**
 * Reads TRUST_PROXY. `true` means one hop, the proxy in front (Caddy in the shipped set-up): believing
 * every hop let a client name its own address in X-Forwarded-For and count as anyone (decision 023).
 * Throws on an address proxy-addr cannot read.
 */
export function parseProxyTrust(value: string): ProxyTrust {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  proxyAddr.compile(list);
  return list;
}

/**
 * The trust as the function Fastify's `trustProxy` and the answer replay both use: `hop` 0 is the
 * socket's peer, 1 the last X-Forwarded-For entry, and so on; the client is the first hop not trusted.
 */
export function trustFunction(trust: ProxyTrust): ((address: string, hop: number) => boolean) | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile([...trust]);
}
