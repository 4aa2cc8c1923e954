import { isIP } from 'node:net';

// The key a client's sign-in attempts are counted under (issue 29, finding 3). An IPv6 client holds a whole /64 (its
// provider hands out at least that), so counting its addresses one by one let one host spread its guesses over 2^64
// keys and fill the overall count alone: an IPv6 address is keyed by its /64.

/** Its /64 for an IPv6 address ('2001:db8:1:2::/64'), the IPv4 address of an IPv4-mapped one, an IPv4 address as it is, '' for none. */
export function clientKey(address: string | null | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address.slice(0, 64);
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros ('0' for none). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const groups = tail === undefined ? part(head) : [...part(head), ...Array<string>(8 - part(head).length - part(tail).length).fill('0'), ...part(tail)];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
