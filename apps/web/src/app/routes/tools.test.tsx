import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReply, stubApi } from '../../test/fetch-stub';
import { SEEDED_TOOLS } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('tools dashboard', () => {
  it('shows the tools the server lists, each linking to its page', async () => {
    stubApi(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/tools' ? listReply(SEEDED_TOOLS) : undefined,
    );
    renderApp('/tools');
    for (const [name, href] of [
      ['Income Axie', '/tools/incomeaxie'],
      ['Income Pixels', '/tools/incomepixels'],
      ['Link Manager', '/tools/link'],
      ['Wallet Tracker', '/tools/wallet'],
      ['Market Pixels', '/tools/market'],
    ] as const) {
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).not.toHaveAttribute('target');
    }
    const card = within(
      screen.getByRole('heading', { name: 'Wallet Tracker' }).closest('article')!,
    );
    expect(card.getByText('Kelola daftar wallet kripto milikmu.')).toHaveAttribute('lang', 'id');
  });

  it('opens a tool on another site in a new tab, and shows an icon given as an address', async () => {
    stubApi(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/tools'
        ? listReply([
            {
              ...SEEDED_TOOLS[0]!,
              id: 9,
              name: 'Axie Explorer',
              icon: 'https://cdn.example.com/axie.png',
              link: 'https://explorer.example.com',
            },
          ])
        : undefined,
    );
    renderApp('/tools');
    const link = await screen.findByRole('link', { name: /Axie Explorer/ });
    expect(link).toHaveAttribute('href', 'https://explorer.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.closest('article')?.querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/axie.png',
    );
  });

  it('shows the renamed tool when an admin has changed it', async () => {
    stubApi(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/tools'
        ? listReply([{ ...SEEDED_TOOLS[3]!, name: 'Dompet Saya' }])
        : undefined,
    );
    renderApp('/tools');
    expect(await screen.findByRole('link', { name: 'Dompet Saya' })).toHaveAttribute(
      'href',
      '/tools/wallet',
    );
    expect(screen.queryByRole('link', { name: 'Wallet Tracker' })).not.toBeInTheDocument();
  });
});
