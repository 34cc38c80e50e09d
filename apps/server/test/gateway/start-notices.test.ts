import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../../harness/fake-upstream.js';
import { loadConfig } from '../../src/config.js';
import { PUBLIC_RONIN_RPC, upstreamNotices } from '../../src/gateway/start-notices.js';
import { createChildData, startChildServer, type ChildData } from '../support/child-server.js';

/** The messages of the log lines printed at start. */
function messages(output: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
}

const KEYLESS = /^PRICE_API_KEY is not set/;
const PUBLIC_NODE = /^RONIN_RPC_URL is Ronin's public endpoint/;

describe('the start-up log on the third-party services’ limits', { timeout: 90_000 }, () => {
  let upstream: FakeUpstream;
  let data: ChildData;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    data = await createChildData('start-notices');
  });
  afterAll(async () => {
    await upstream.close();
    await data.remove();
  });

  const startWith = async (env: Record<string, string>) => {
    const server = await startChildServer(data, {
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      ...env,
    });
    // The log is written in batches: all of it is out once the server has stopped.
    await server.stop();
    return messages(server.output());
  };

  it('in production without a key and on Ronin’s public node, says each once, with the spend and the remedies', async () => {
    const logged = await startWith({ RONIN_RPC_URL: PUBLIC_RONIN_RPC, PRICE_TTL: '10m' });
    const keyless = logged.filter((msg) => KEYLESS.test(msg));
    expect(keyless).toHaveLength(1);
    // 10-minute prices in a 31-day month, and a past day of each of the six daily price series
    // a day (PIXEL, AXS, SLP, RON for WRON, ETH for WETH, USDC): 4,464 + 6 x 31.
    expect(keyless[0]).toContain('about 4,650 calls a month');
    expect(keyless[0]).toContain('186 for past prices');
    expect(keyless[0]).toContain('and 6 once');
    expect(keyless[0]).toContain('4,464 for the current prices');
    expect(keyless[0]).toContain('30 calls a minute and 10,000 a month');
    expect(keyless[0]).toContain('A free CoinGecko Demo key is advised');
    const node = logged.filter((msg) => PUBLIC_NODE.test(msg));
    expect(node).toHaveLength(1);
    expect(node[0]).toContain('rate-limited and not for production use');
    expect(node[0]).toContain('keyed RPC provider');
    expect(node[0]).toContain('your own Ronin node');
  });

  it('says neither with a key and a node of one’s own', async () => {
    const logged = await startWith({
      RONIN_RPC_URL: 'http://127.0.0.1:9',
      PRICE_API_KEY: 'demo-key-for-tests',
    });
    expect(logged.filter((msg) => KEYLESS.test(msg) || PUBLIC_NODE.test(msg))).toEqual([]);
  });

  it('does not warn of the public node outside production, and counts the calls from PRICE_TTL', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: data.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      PRICE_TTL: '1h',
    });
    const notices = upstreamNotices(config);
    expect(notices).toHaveLength(1);
    // 744 hourly calls and 186 for past days (six daily price series).
    expect(notices[0]).toContain('about 930 calls a month');
    // Only the series of the tokens listed: the income tokens' two and SLP's.
    const fewer = loadConfig({
      NODE_ENV: 'development',
      PRICE_TTL: '1h',
      RONIN_TOKENS: `SLP:0x${'a8'.repeat(20)}:0,YGG:0x${'11'.repeat(20)}:18`,
    });
    expect(upstreamNotices(fewer)[0]).toContain('about 837 calls a month');
  });
});
