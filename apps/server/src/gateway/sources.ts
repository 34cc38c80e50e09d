/** The services whose terms ask for attribution, known by the hosts they answer on. */
const KNOWN_SERVICES: { hosts: RegExp; name: string; url: string }[] = [
  {
    hosts: /(^|\.)coingecko\.com$/,
    name: 'CoinGecko',
    url: 'https://www.coingecko.com',
  },
  {
    hosts: /(^|\.)(er-api\.com|exchangerate-api\.com)$/,
    name: 'ExchangeRate-API',
    url: 'https://www.exchangerate-api.com',
  },
];

/**
 * Who to credit for figures fetched from `address`. An address the server does not know is
 * named by its host, without a link: crediting a service for another's data would misattribute.
 */
export function describeSource(address: string): { name: string; url: string | null } {
  const { host, hostname } = new URL(address);
  const known = KNOWN_SERVICES.find((service) => service.hosts.test(hostname));
  return known ? { name: known.name, url: known.url } : { name: host, url: null };
}
