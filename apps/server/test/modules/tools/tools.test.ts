import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/test-app.js';
import { createSignedInApp, type Tokens } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';

const tool = {
  name: 'Wallet Tracker',
  icon: 'wallet',
  description: 'Lacak dompet.',
  link: '/tools/wallet',
};

describe('tools API', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => ({ t, tokens } = await createSignedInApp()));
  afterAll(() => t.close());

  const send = (...args: CallArgs) => apiCall(t.app, ...args);

  it('refuses every write to a guest (401) and to a user (403)', async () => {
    const { id } = (await send('POST', '/api/tools', tokens.admin, tool)).json();
    for (const [token, status] of [
      [undefined, 401],
      [tokens.user, 403],
    ] as const) {
      expect((await send('POST', '/api/tools', token, tool)).statusCode).toBe(status);
      expect((await send('PUT', `/api/tools/${id}`, token, tool)).statusCode).toBe(status);
      expect((await send('DELETE', `/api/tools/${id}`, token)).statusCode).toBe(status);
    }
  });

  it('creates, updates, lists and deletes tools', async () => {
    const created = await send('POST', '/api/tools', tokens.admin, {
      ...tool,
      name: 'Market Pixels',
      link: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Market Pixels', icon: 'wallet', link: null });
    const { id } = created.json();
    const updated = await send('PUT', `/api/tools/${id}`, tokens.admin, {
      ...tool,
      icon: 'https://cdn.example.com/icon.png',
      link: 'https://pixels.xyz',
    });
    expect(updated.json()).toMatchObject({
      icon: 'https://cdn.example.com/icon.png',
      link: 'https://pixels.xyz',
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tools' })).json();
    expect(listed.find((x: { id: number }) => x.id === id).link).toBe('https://pixels.xyz');
    expect((await send('DELETE', `/api/tools/${id}`, tokens.admin)).json()).toEqual({
      message: 'Tool deleted.',
    });
    expect((await send('PUT', `/api/tools/${id}`, tokens.admin, tool)).statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ icon: '' }, 'icon'],
    [{ icon: '<img src=x onerror=alert(1)>' }, 'icon'],
    [{ icon: 'javascript:alert(1)' }, 'icon'],
    [{ description: '' }, 'description'],
    [{ link: 'javascript:alert(1)' }, 'link'],
    [{ link: '//evil.example.com' }, 'link'],
  ])('refuses %j with a field error', async (patch, field) => {
    const res = await send('POST', '/api/tools', tokens.admin, { ...tool, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });
});
