import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsService, DailySalt } from '../../../src/modules/analytics/analytics.service.js';
import { addDays, utcDayOf, weekStart } from '../../../src/modules/analytics/utc-days.js';
import { createAdmin } from '../../../src/modules/users/first-admin.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { loginToken, newIdentity, registerUser } from '../../support/accounts.js';
import { bearer, sendForm } from '../../support/content.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('visitor analytics and admin statistics', () => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const identity = newIdentity('stats');
    await createAdmin(t.db.kysely, identity);
    adminToken = await loginToken(t.app, identity.email, identity.password);
    const user = await registerUser(t.app);
    userToken = await loginToken(t.app, user.email, user.password);
  });
  afterAll(() => t.close());

  const visit = (path: string, remoteAddress: string, userAgent = BROWSER) =>
    t.app.inject({
      method: 'POST',
      url: '/api/visits',
      payload: { path },
      remoteAddress,
      headers: { 'user-agent': userAgent },
    });

  it('counts page views, and each visitor once per day; bots and admin pages not at all', async () => {
    for (const path of ['/', '/games', '/games'])
      expect((await visit(path, '10.9.0.1')).statusCode).toBe(204);
    await visit('/blogs', '10.9.0.2');
    await visit('/', '10.9.0.1', 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    await visit('/', '10.9.0.3', 'Mozilla/5.0 HeadlessChrome/130.0');
    await visit('/admin/users', '10.9.0.4');

    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/stats', headers: bearer(adminToken) })
    ).json();
    expect(stats.stats.visitorsToday).toBe(2);
    expect(stats.stats.visitorsThisWeek).toBe(2);
    expect(stats.stats.visitorsThisMonth).toBe(2);

    const today = utcDayOf(new Date());
    const views = await t.db.kysely
      .selectFrom('page_views_daily')
      .selectAll()
      .where('day', '=', today)
      .orderBy('path')
      .execute();
    expect(views).toEqual([
      { day: today, path: '/', views: 1 },
      { day: today, path: '/blogs', views: 1 },
      { day: today, path: '/games', views: 2 },
    ]);
    // No address is stored anywhere, only salted hashes.
    const visitors = await t.db.kysely.selectFrom('visitors_daily').select('visitor').execute();
    expect(visitors.every((v) => /^[a-f0-9]{64}$/.test(v.visitor))).toBe(true);
  });

  it('refuses a bad path with 400', async () => {
    for (const path of ['games', 'https://evil.example/', `/${'x'.repeat(200)}`, '/a b']) {
      expect((await visit(path, '10.9.0.9')).statusCode).toBe(400);
    }
  });

  it('reports the dashboard figures for a known set of data', async () => {
    const analytics = analyticsService({ db: t.db.kysely, engine: t.db.engine });
    const today = utcDayOf(new Date());
    const monday = weekStart(today);
    // Two visitors on Monday of this week (unless that is today, already counted above).
    if (monday !== today) {
      for (const ip of ['1.1.1.1', '2.2.2.2']) {
        await analytics.recordVisit({
          path: '/',
          ip,
          userAgent: BROWSER,
          now: new Date(`${monday}T10:00:00Z`),
        });
      }
    }
    await sendForm(t.app, 'POST', '/api/blogs', adminToken, {
      title: 'Fresh',
      content: `<h1>Opening</h1><p>${'abcdefghij '.repeat(20)}</p>`,
      author: 'Ana',
      date: today,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stats',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toMatchObject({ users: 2, articles: 1, games: 0, visitorsToday: 2 });
    expect(body.stats.visitorsThisWeek).toBe(monday === today ? 2 : 4);
    expect(body.latest_blogs[0]).toMatchObject({ title: 'Fresh', author: 'Ana' });
    // SPEC: the first 100 characters of the content, not a shorter cut at a word.
    expect(body.latest_blogs[0].content).toBe(`Opening ${'abcdefghij '.repeat(20)}`.slice(0, 100));

    const visits = await t.app.inject({
      method: 'GET',
      url: '/api/visits?days=7',
      headers: bearer(adminToken),
    });
    const items = visits.json();
    expect(items).toHaveLength(7);
    expect(items.at(-1)).toEqual({
      day: today,
      visits: 4,
      visitors: 2,
      month: today.slice(0, 7),
      newUsers: 2,
    });
    expect(items[0].day).toBe(addDays(today, -6));
    expect(items.reduce((sum: number, item: { newUsers: number }) => sum + item.newUsers, 0)).toBe(
      2,
    );
  });

  it('keeps the statistics for admins', async () => {
    for (const url of ['/api/stats', '/api/visits']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: bearer(userToken) })).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/visits?days=0',
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('counts the week from its Monday on any day of it', async () => {
    // Thursday 16 May 2030: far from today, so no visit the other tests count is in its week.
    const analytics = analyticsService({ db: t.db.kysely, engine: t.db.engine });
    const visitors = {
      '2030-05-12': ['3.3.3.1'], // Sunday: the week before
      '2030-05-13': ['3.3.3.2', '3.3.3.3'], // Monday
      '2030-05-15': ['3.3.3.4'], // Wednesday
      '2030-05-16': ['3.3.3.5'], // Thursday, the day asked about
    };
    for (const [day, ips] of Object.entries(visitors)) {
      for (const ip of ips) {
        await analytics.recordVisit({
          path: '/',
          ip,
          userAgent: BROWSER,
          now: new Date(`${day}T10:00:00Z`),
        });
      }
    }
    const { stats } = await analytics.stats(new Date('2030-05-16T18:00:00Z'));
    expect(stats).toMatchObject({
      visitorsToday: 1,
      visitorsThisWeek: 4,
      visitorsThisMonth: 5,
    });
  });

  it('rotates the salt daily and forgets the old one', async () => {
    const salts = new DailySalt();
    const a = await salts.forDay(t.db.kysely, '2031-01-01');
    expect(await salts.forDay(t.db.kysely, '2031-01-01')).toBe(a);
    const b = await salts.forDay(t.db.kysely, '2031-01-02');
    expect(b).not.toBe(a);
    const stored = await t.db.kysely.selectFrom('visit_salts').select('day').execute();
    expect(stored.map((s) => s.day)).toEqual(['2031-01-02']);
  });
});
