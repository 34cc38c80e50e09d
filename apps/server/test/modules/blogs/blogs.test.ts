import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/test-app.js';
import { createSignedInApp, type Tokens } from '../../support/accounts.js';
import { bearer, expectFormWritesRefused, pngImage, sendForm } from '../../support/content.js';
import {
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_ELEMENTS,
} from '../../../src/modules/blogs/article-shape.js';

const post = (title: string, extra: Record<string, string> = {}) => ({
  title,
  content: `<p>${title} opens with a paragraph.</p>`,
  author: 'Rina',
  date: '2026-03-04',
  ...extra,
});

describe('blogs API', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => ({ t, tokens } = await createSignedInApp()));
  afterAll(() => t.close());

  const create = (fields: Record<string, string>) =>
    sendForm(t.app, 'POST', '/api/blogs', tokens.admin, fields);

  it('refuses every write to a guest (401) and to a user (403)', async () => {
    const { id } = (await create(post('Guarded'))).json();
    await expectFormWritesRefused(t.app, tokens.user, '/api/blogs', id, post('Nope'));
  });

  it('publishes a post with a picture, reads it back, edits and deletes it', async () => {
    const res = await sendForm(
      t.app,
      'POST',
      '/api/blogs',
      tokens.admin,
      post('Launch day', { description: 'A <b>big</b> day' }),
      {
        name: 'image',
        bytes: await pngImage(),
        filename: 'launch.png',
      },
    );
    expect(res.statusCode).toBe(201);
    const blog = res.json();
    expect(blog).toMatchObject({
      title: 'Launch day',
      description: 'A <b>big</b> day',
      content: '<p>Launch day opens with a paragraph.</p>',
      author: 'Rina',
      date: '2026-03-04',
    });
    expect(blog.image).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(blog.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.id}` });
    expect(read.json()).toEqual(blog);

    const edited = await sendForm(
      t.app,
      'PUT',
      `/api/blogs/${blog.id}`,
      tokens.admin,
      post('Launch week'),
    );
    expect(edited.json()).toMatchObject({ title: 'Launch week', image: blog.image });

    await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${blog.id}`,
      headers: bearer(tokens.admin),
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: blog.image })).statusCode).toBe(404);
  });

  it('derives a plain, escaped description from the content when none is given', async () => {
    const res = await create(
      post('Excerpt', {
        content: '<h1>Title</h1><p>Tom &amp; Jerry write &lt;b&gt; tags as text.</p>',
      }),
    );
    expect(res.json().description).toBe('Title Tom &amp; Jerry write &lt;b&gt; tags as text.');
  });

  it.each([
    ['<h1>H1</h1><h3>H3</h3><p>para</p>', 'H1 H3 para'],
    ['<blockquote>Only b and i (allowed)</blockquote><p>Para</p>', 'Only b and i (allowed) Para'],
    [
      '<div>one</div><div>two</div><table><tr><td>three</td><td>four</td></tr></table>',
      'one two three four',
    ],
    ['<p>line<br>break and <b>bo</b>ld</p>', 'line break and bold'],
  ])('derives %j with a space between blocks', async (content, description) => {
    const res = await create(post('Blocks', { content }));
    expect(res.json()).toMatchObject({ description, description_derived: true });
  });

  it('keeps a derived description in step with the content, and a written one as written', async () => {
    const created = (await create(post('Derived', { content: '<p>First text.</p>' }))).json();
    expect(created).toMatchObject({ description: 'First text.', description_derived: true });
    const edit = (fields: Record<string, string>) =>
      sendForm(t.app, 'PUT', `/api/blogs/${created.id}`, tokens.admin, post('Derived', fields));

    const blank = await edit({ content: '<p>Second text.</p>', description: '' });
    expect(blank.json()).toMatchObject({ description: 'Second text.', description_derived: true });
    // A form that sends the derived text back unchanged has not written a description.
    const echoed = await edit({ content: '<p>Third text.</p>', description: 'Second text.' });
    expect(echoed.json()).toMatchObject({ description: 'Third text.', description_derived: true });

    const written = await edit({ content: '<p>Fourth text.</p>', description: 'My summary' });
    expect(written.json()).toMatchObject({ description: 'My summary', description_derived: false });
    const kept = await edit({ content: '<p>Fifth text.</p>', description: 'My summary' });
    expect(kept.json()).toMatchObject({ description: 'My summary', description_derived: false });
    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${created.id}` });
    expect(read.json()).toMatchObject({ description: 'My summary', description_derived: false });
  });

  it('sanitises the article and the description when they are saved', async () => {
    const res = await create(
      post('Hostile', {
        content: [
          '<h1>Heading</h1><h3>Too deep</h3>',
          '<p onclick="steal()">Text<script>alert(1)</script></p>',
          '<img src=x onerror=alert(1)>',
          '<a href="javascript:alert(1)">bad link</a>',
          '<a href="https://example.com" target="_blank" style="color:red">good link</a>',
          '<ul><li>one</li></ul><iframe src="https://evil.example"></iframe>',
          '<svg><script>alert(1)</script></svg>',
        ].join(''),
        description: '<p>Hi<img src=x onerror=alert(1)><h1>no headings here</h1></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { content, description } = res.json();
    expect(content).toBe(
      '<h1>Heading</h1>Too deep<p>Text</p><a>bad link</a><a href="https://example.com">good link</a><ul><li>one</li></ul>',
    );
    // An h1 closes the open paragraph, as in any HTML parser; the heading itself is dropped.
    expect(description).toBe('<p>Hi</p>no headings here<p></p>');
    for (const html of [content, description]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=|<img|<svg/i);
    }
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required.'],
    [{ author: '' }, 'author', 'Author is required.'],
    [{ date: '04/03/2026' }, 'date', 'Date must be a real date written YYYY-MM-DD.'],
    [{ date: '2026-02-30' }, 'date', 'Date must be a real date written YYYY-MM-DD.'],
  ])('refuses %j with a field error', async (patch, field, message) => {
    const res = await create(post('Invalid', patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses content nested deeper than the limit, on publishing and on changing', async () => {
    const deep = `${'<div>'.repeat(CONTENT_MAX_DEPTH + 1)}Deep`;
    const message = `Content is nested too deeply (at most ${CONTENT_MAX_DEPTH} levels).`;
    const count = async () => (await t.db.kysely.selectFrom('blogs').select('id').execute()).length;
    const before = await count();

    const published = await create(post('Nested', { content: deep }));
    expect(published.statusCode).toBe(400);
    expect(published.json()).toEqual({ message, errors: { content: message } });
    expect(await count()).toBe(before);

    const atLimit = `${'<div>'.repeat(CONTENT_MAX_DEPTH)}Shallow enough`;
    const created = await create(post('Nested', { content: atLimit }));
    expect(created.json()).toMatchObject({ content: 'Shallow enough' });
    const { id } = created.json();
    const changed = await sendForm(t.app, 'PUT', `/api/blogs/${id}`, tokens.admin, {
      ...post('Nested'),
      content: deep,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual({ content: message });
    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
    expect(read.json()).toMatchObject({ content: 'Shallow enough' });
  });

  it('refuses content of more elements than the cap, and takes the cap', async () => {
    const message = `Content must have at most ${CONTENT_MAX_ELEMENTS} HTML elements.`;
    const marks = (count: number) => '<b></b>'.repeat(count);

    const over = await create(post('Dense', { content: marks(CONTENT_MAX_ELEMENTS + 1) }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message, errors: { content: message } });

    const at = await create(post('Dense', { content: marks(CONTENT_MAX_ELEMENTS) }));
    expect(at.statusCode).toBe(201);
    expect(at.json().content).toBe(marks(CONTENT_MAX_ELEMENTS));
  });

  it('lists newest first, searches title and description, and pages', async () => {
    await create(post('Older news', { date: '2025-01-01', description: 'about dragons' }));
    await create(post('Newer news', { date: '2027-01-01' }));
    const all = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    expect(all[0].title).toBe('Newer news');
    expect(all.at(-1).title).toBe('Older news');
    const dragons = await t.app.inject({ method: 'GET', url: '/api/blogs?q=DRAGON' });
    expect(dragons.json().map((b: { title: string }) => b.title)).toEqual(['Older news']);
    expect(dragons.headers['x-total-count']).toBe('1');
    const page = await t.app.inject({ method: 'GET', url: '/api/blogs?limit=1&offset=1' });
    expect(page.json()).toEqual([all[1]]);
  });
});
