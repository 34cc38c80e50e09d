import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlWarning } from '../src/config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      jwtTtlSeconds: 7 * 86_400,
      siteName: 'NexusPlay',
      loginThrottle: { maxFailures: 10, windowSeconds: 900 },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('follows the chain every 30 s by default, at another pace when given one, and not at all when off', () => {
    expect(loadConfig({}).activity.pollMs).toBe(30_000);
    expect(loadConfig({ ACTIVITY_POLL: '5m' }).activity.pollMs).toBe(300_000);
    expect(loadConfig({ ACTIVITY_POLL: 'off' }).activity.pollMs).toBe(0);
    expect(() => loadConfig({ ACTIVITY_POLL: '0' })).toThrow(ConfigError);
  });

  it('has gateway defaults that fit the free plans of the default services', () => {
    const { gateway } = loadConfig({});
    const monthMs = 31 * 86_400_000;
    // CoinGecko's free (Demo) plan: 10,000 calls a month and about 30 a minute. The current
    // prices cost one call per TTL; the history one per daily price series and day going
    // forward, and one range call a series for the year back the plan reaches. Six series by
    // default (PIXEL, AXS, SLP, RON for WRON, ETH for WETH, USDC); even with each series' year
    // asked a day at a time (6 x 365), room is left for restarts, retries and a second instance.
    const series = new Set(gateway.ronin.tokens.map((token) => token.priceSeries));
    expect([...series].sort()).toEqual(['axs', 'eth', 'pixels', 'ron', 'slp', 'usdc']);
    const priceCalls = monthMs / gateway.priceTtlMs;
    const historyCalls = series.size * 31 + series.size * 365;
    expect(priceCalls + historyCalls).toBeLessThanOrEqual(7_000);
    expect(gateway.priceHistoryPerMinute).toBeLessThanOrEqual(20);
    // ExchangeRate-API's open endpoint: asked at most hourly, it never rate-limits.
    expect(gateway.fxTtlMs).toBeGreaterThanOrEqual(3_600_000);
  });

  it('refuses a CoinGecko key header that does not match the plan of the address', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ PRICE_API_KEY: 'k', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ PRICE_API_URL: 'https://pro-api.coingecko.com' })).toEqual([
      'PRICE_API_KEY_HEADER: the Pro API (pro-api.coingecko.com) takes its key in x-cg-pro-api-key',
    ]);
    expect(problems({ PRICE_API_KEY_HEADER: 'x-cg-pro-api-key' })).toEqual([
      'PRICE_API_KEY_HEADER: the Demo API (api.coingecko.com) takes its key in x-cg-demo-api-key',
    ]);
    expect(
      problems({
        PRICE_API_URL: 'https://pro-api.coingecko.com',
        PRICE_API_KEY_HEADER: 'x-cg-pro-api-key',
      }),
    ).toEqual([]);
  });

  it('reads Ronin mainnet by default, and the token list as SYMBOL:address:decimals', () => {
    const { ronin } = loadConfig({}).gateway;
    expect(ronin.rpcUrl).toBe('https://api.roninchain.com/rpc');
    expect(ronin.balanceTtlMs).toBe(60_000);
    expect(ronin.tokens.map((token) => `${token.symbol}:${token.decimals}`)).toEqual([
      'PIXEL:18',
      'AXS:18',
      'SLP:0',
      'WRON:18',
      'WETH:18',
      'USDC:6',
    ]);
    const custom = loadConfig({
      RONIN_TOKENS:
        'YGG:0x1111111111111111111111111111111111111111:18, USDC:0xABCDEF0000000000000000000000000000000000:6',
      BALANCE_TTL: '2m',
    }).gateway.ronin;
    expect(custom.tokens).toEqual([
      { symbol: 'YGG', address: '0x1111111111111111111111111111111111111111', decimals: 18 },
      // A symbol with a price series keeps it; one without (YGG) has no price history.
      {
        symbol: 'USDC',
        address: '0xabcdef0000000000000000000000000000000000',
        decimals: 6,
        priceSeries: 'usdc',
      },
    ]);
    expect(custom.balanceTtlMs).toBe(120_000);
  });

  it('refuses a token list it cannot read, naming the entry', () => {
    for (const bad of [
      'PIXEL:0x12:18',
      'PIXEL',
      'RON:0x1111111111111111111111111111111111111111:18',
      'A:0x1111111111111111111111111111111111111111:18,A:0x2222222222222222222222222222222222222222:6',
      'X:0x1111111111111111111111111111111111111111:99',
    ]) {
      expect(() => loadConfig({ RONIN_TOKENS: bad }), bad).toThrow(/RONIN_TOKENS/);
    }
    expect(() => loadConfig({ RONIN_RPC_URL: 'ws://node' })).toThrow(/RONIN_RPC_URL/);
  });

  it('parses durations in seconds, minutes, hours and days', () => {
    expect(loadConfig({ JWT_TTL: '90' }).jwtTtlSeconds).toBe(90);
    expect(loadConfig({ JWT_TTL: '45m' }).jwtTtlSeconds).toBe(2700);
    expect(loadConfig({ JWT_TTL: '12h' }).jwtTtlSeconds).toBe(43_200);
    expect(loadConfig({ JWT_TTL: '30d' }).jwtTtlSeconds).toBe(2_592_000);
  });

  it('fails fast listing every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        JWT_TTL: 'forever',
        ADMIN_EMAIL: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual(['ADMIN_EMAIL', 'DATABASE_URL', 'JWT_SECRET', 'JWT_TTL', 'PORT']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({
      databaseUrl: undefined,
      jwtSecret: undefined,
    });
  });

  it('takes the public URL from PUBLIC_URL, else from the address it listens on', () => {
    const publicUrl = (env: Record<string, string>) => loadConfig(env).publicUrl;
    expect(publicUrl({ PUBLIC_URL: 'https://play.example.com/' })).toBe('https://play.example.com');
    expect(publicUrl({})).toBe('http://localhost:3000');
    expect(publicUrl({ HOST: '::', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrl({ HOST: '10.0.0.5', PORT: '80' })).toBe('http://10.0.0.5');
    expect(publicUrl({ HOST: '::1', PORT: '3001' })).toBe('http://[::1]:3001');
    expect(publicUrl({ HOST: 'play.internal' })).toBe('http://play.internal:3000');
  });

  it('warns in production when the public URL is not set', () => {
    expect(publicUrlWarning(loadConfig({ NODE_ENV: 'production' }))).toMatch(
      /^PUBLIC_URL is not set/,
    );
    expect(
      publicUrlWarning(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' })),
    ).toBeUndefined();
    expect(publicUrlWarning(loadConfig({}))).toBeUndefined();
  });

  it('reads TRUST_PROXY as nobody, a number of proxies or their addresses, and refuses true', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    for (const nobody of [undefined, '', 'false', '0']) expect(trust(nobody)).toBe(false);
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust(' 2 ')).toEqual({ hops: 2 });
    expect(trust('127.0.0.1')).toEqual({ addresses: ['127.0.0.1'] });
    expect(trust('10.0.0.0/8, ::1, 2001:db8::/32,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '::1', '2001:db8::/32', 'loopback'],
    });

    const problem = (value: string) => {
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
      throw new Error(`TRUST_PROXY=${value} was accepted`);
    };
    const refusedTrue = problem('true');
    expect(refusedTrue).toMatch(/^TRUST_PROXY: "true" would trust every hop/);
    expect(refusedTrue).toContain('TRUST_PROXY=1');
    expect(refusedTrue).toContain('TRUST_PROXY=127.0.0.1');
    for (const wrong of [
      'yes',
      '0xc000024d',
      '192.0.2.77:1234',
      '10.0.0.0/33',
      '::1/129',
      '1.2.3.4/8/8',
      '127.0.0.1,',
      'proxy.local',
    ])
      expect(problem(wrong), wrong).toMatch(
        /is neither a number of proxies nor an IP address or range/,
      );
    expect(problem('21')).toBe('TRUST_PROXY: at most 20 proxies');
  });
});
