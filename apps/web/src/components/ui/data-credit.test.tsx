import type { TDataSource } from '@nexusplay/contract/market';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataCredit } from './data-credit';

const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const coinGecko: TDataSource = {
  name: 'CoinGecko',
  url: 'https://www.coingecko.com',
  asOf: '2026-03-05T14:07:00.000Z',
  stale: false,
};
const exchangeRate: TDataSource = {
  name: 'ExchangeRate-API',
  url: 'https://www.exchangerate-api.com',
  asOf: '2026-03-05T00:02:31.000Z',
  stale: false,
};

describe('DataCredit', () => {
  it('credits both services by name, linking to them, with the time of each figure', () => {
    render(
      <DataCredit
        sources={{ price: coinGecko, rate: exchangeRate }}
        rateNote="IDR values are the dollar values times the USD→IDR rate."
      />,
    );
    expect(screen.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    );
    expect(screen.getByRole('link', { name: 'ExchangeRate-API' })).toHaveAttribute(
      'href',
      'https://www.exchangerate-api.com',
    );
    expect(screen.getByText(/^Price data by/)).toHaveTextContent(
      `Price data by CoinGecko, as of ${stamp.format(new Date(coinGecko.asOf!))}.`,
    );
    expect(screen.getByText(/^IDR values/)).toHaveTextContent(
      `IDR values are the dollar values times the USD→IDR rate. Rates by ExchangeRate-API, as of ${stamp.format(new Date(exchangeRate.asOf!))}.`,
    );
  });

  it('names a service it does not know by its host, without a link, and says when none answered', () => {
    render(
      <DataCredit
        sources={{ price: { name: 'prices.internal:8080', url: null, asOf: null, stale: true } }}
      />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(/^Price data by/)).toHaveTextContent(
      'Price data by prices.internal:8080, which has not answered yet.',
    );
    // Only the figures the page shows are credited.
    expect(screen.queryByText(/Rates by/)).not.toBeInTheDocument();
  });
});
