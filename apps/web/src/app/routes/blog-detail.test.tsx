import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi } from '../../test/fetch-stub';
import { makeBlog } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const BLOGS = [
  makeBlog(3, {
    title: 'Season three arrives',
    description: '<p>New <b>maps</b> and quests.</p>',
    content: '<h2>What is new</h2><p>Three new maps.</p><script>alert(1)</script>',
  }),
  makeBlog(2, {
    title: 'Guild wars guide',
    description: '<p>Win every guild battle.</p>',
    date: '2025-02-14',
    author: 'Budi',
  }),
  makeBlog(1, {
    title: 'Getting started',
    description: '<p>Your first steps in Web3.</p>',
    date: '2025-01-20',
  }),
];

/** A blog server: posts newest first, searchable by title and description. */
function stubBlogServer() {
  return stubApi(({ method, url }) => {
    if (method !== 'GET') return undefined;
    const one = /^\/api\/blogs\/(\d+)$/.exec(url.pathname);
    if (one) {
      // As the server: an id past the 32-bit id column is a bad request, not an unknown post.
      if (Number(one[1]) > 2_147_483_647) {
        return { status: 400, body: { message: 'The id is too large.' } };
      }
      const blog = BLOGS.find(({ id }) => id === Number(one[1]));
      return blog ? { status: 200, body: blog } : { status: 404, body: { message: 'Not found.' } };
    }
    if (url.pathname !== '/api/blogs') return undefined;
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const matches = BLOGS.filter(({ title, description }) =>
      `${title} ${description}`.toLowerCase().includes(q),
    );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    return listReply(matches.slice(offset, offset + limit), matches.length);
  });
}

function sidebar() {
  return within(screen.getByRole('complementary', { name: 'Recent Posts' }));
}

/** Waits for the page's code to arrive, then gives the sidebar. */
async function loadedSidebar() {
  return within(await screen.findByRole('complementary', { name: 'Recent Posts' }));
}

describe('blog detail page', () => {
  it('shows the post with the id in the address', async () => {
    stubBlogServer();
    renderApp('/blogs/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guild wars guide' }),
    ).toBeVisible();
    const article = within(screen.getByRole('article'));
    expect(article.getByText('February 14, 2025')).toBeInTheDocument();
    expect(article.getByText('Budi')).toBeInTheDocument();

    const other = await sidebar().findByRole('link', { name: 'Season three arrives' });
    expect(other).toHaveAttribute('href', '/blogs/3');
    // The post on show is not listed beside itself.
    expect(sidebar().queryByRole('link', { name: 'Guild wars guide' })).not.toBeInTheDocument();
  });

  it('does not repeat the title when the content opens with it', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/blogs/4'
        ? {
            status: 200,
            body: makeBlog(4, { title: 'Patch 2', content: '<h1>Patch 2</h1><p>Notes.</p>' }),
          }
        : undefined,
    );
    renderApp('/blogs/4');
    expect(await screen.findByText('Notes.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Patch 2' })).toHaveLength(1);
  });

  it('keeps headings but drops scripts from the article', async () => {
    stubBlogServer();
    renderApp('/blogs/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'What is new' })).toBeVisible();
    expect(document.querySelector('main script')).toBeNull();
  });

  it('shows the newest post when no post has the id', async () => {
    const fetchMock = stubBlogServer();
    renderApp('/blogs/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Season three arrives' }),
    ).toBeVisible();
    expect(callsMade(fetchMock)).toEqual(
      expect.arrayContaining(['GET /api/blogs/999', 'GET /api/blogs?limit=1']),
    );
  });

  it('shows the newest post for an id past the largest a post can have', async () => {
    const fetchMock = stubBlogServer();
    renderApp('/blogs/99999999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Season three arrives' }),
    ).toBeVisible();
    expect(callsMade(fetchMock)).not.toContain('GET /api/blogs/99999999999');
  });

  it('says Loading blogs... while the posts are on their way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    renderApp('/blogs/1');
    expect(await screen.findByText('Loading blogs...')).toBeInTheDocument();
  });

  it('opens a post from the sidebar in place of the current one', async () => {
    const fetchMock = stubBlogServer();
    const { router, user } = renderApp('/blogs/2');
    await screen.findByRole('heading', { level: 1, name: 'Guild wars guide' });
    const requestsBefore = callsMade(fetchMock).length;

    await user.click(await sidebar().findByRole('link', { name: 'Getting started' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Getting started' });
    expect(heading).toHaveFocus();
    expect(router.state.location.pathname).toBe('/blogs/1');
    // The sidebar already had the post, so the switch needs no request.
    expect(callsMade(fetchMock).slice(requestsBefore)).not.toContain('GET /api/blogs/1');
    expect(sidebar().getByRole('link', { name: 'Guild wars guide' })).toBeInTheDocument();
    expect(sidebar().queryByRole('link', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('searches the sidebar on the server by title or description', async () => {
    const fetchMock = stubBlogServer();
    const { user } = renderApp('/blogs/3');
    await (await loadedSidebar()).findByRole('link', { name: 'Getting started' });

    const search = sidebar().getByRole('searchbox', { name: 'Cari postingan' });
    expect(search).toHaveAttribute('placeholder', 'Cari postingan...');
    await user.type(search, 'guild battle');

    await expect.poll(() => sidebar().queryByRole('link', { name: 'Getting started' })).toBeNull();
    expect(sidebar().getByRole('link', { name: 'Guild wars guide' })).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('GET /api/blogs?q=guild+battle&limit=10&offset=0');
    // The article itself stays as it was.
    expect(screen.getByRole('heading', { level: 1, name: 'Season three arrives' })).toBeVisible();
  });

  it('says when no post matches the search', async () => {
    stubBlogServer();
    const { user } = renderApp('/blogs/3');
    await (await loadedSidebar()).findByRole('link', { name: 'Getting started' });

    await user.type(sidebar().getByRole('searchbox', { name: 'Cari postingan' }), 'zzz');
    expect(
      await sidebar().findByText('Tidak ada postingan yang cocok dengan pencarian.'),
    ).toBeInTheDocument();
  });
});
