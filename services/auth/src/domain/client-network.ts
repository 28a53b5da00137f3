import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.split('::');
  const split = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const left = split(head);
  if (tail === undefined) return left;
  const right = split(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
};

/**
 * The client a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 network, since
 * one subscriber usually holds a whole /64 and could otherwise take a new address for every attempt.
 */
export const clientNetwork = (ip: string): string => {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
};
