import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { makeBlog } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { adminToken } from '../../../test/tokens';

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

const BLOGS = [makeBlog(2, { title: 'Guild wars guide', author: 'Budi' }), makeBlog(1)];

function stubBlogsAdmin(onWrite: (call: ApiCall) => Reply = () => undefined) {
  return stubApi((call) =>
    call.method === 'GET' && call.url.pathname === '/api/blogs'
      ? listReply(BLOGS, 45)
      : onWrite(call),
  );
}

async function openPage() {
  const rendered = renderApp('/admin/blogs', { token: adminToken() });
  // The first visit compiles the admin area's code, which takes longer than a page normally does.
  await screen.findByRole('cell', { name: 'Guild wars guide' }, { timeout: 5000 });
  return rendered;
}

describe('Manage Blogs', () => {
  it('lists the posts and pages through them on the server', async () => {
    const fetchMock = stubBlogsAdmin();
    const { user } = await openPage();
    const row = within(screen.getByRole('row', { name: /Guild wars guide/ }));
    expect(row.getByRole('cell', { name: 'Budi' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'March 5, 2025' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(callsMade(fetchMock)).toContain('GET /api/blogs?limit=20&offset=20'),
    );
  });

  it('searches on the server and starts again from the first page', async () => {
    const fetchMock = stubBlogsAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search blogs' }), 'guild');
    await vi.waitFor(() =>
      expect(callsMade(fetchMock)).toContain('GET /api/blogs?q=guild&limit=20&offset=0'),
    );
  });

  it('keeps the confirmation open with the reason when a delete fails', async () => {
    stubBlogsAdmin(({ method }) =>
      method === 'DELETE' ? { status: 500, body: { message: 'Down.' } } : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Guild wars guide' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete blog post?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to delete blog post.');
    expect(screen.queryByText('Blog post deleted.')).not.toBeInTheDocument();
  });

  it('deletes a post after confirmation and says so in the toast', async () => {
    const fetchMock = stubBlogsAdmin(({ method }) =>
      method === 'DELETE' ? { status: 200, body: { message: 'Deleted.' } } : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Guild wars guide' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete blog post?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsMade(fetchMock)).toContain('DELETE /api/blogs/2');
    expect(screen.getByText('Blog post deleted.')).toBeInTheDocument();
  });

  it('opens the form with the editor and its limited toolbar, and checks the required fields', async () => {
    const fetchMock = stubBlogsAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Blog' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Blog' }));

    const toolbar = within(
      await dialog.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 }),
    );
    expect(
      toolbar.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Bold', 'Italic', 'Link', 'Heading 1', 'Heading 2', 'Bullet list', 'Paragraph']);
    expect(dialog.getByRole('textbox', { name: 'Content' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Date')).toHaveAttribute('type', 'date');

    await user.clear(dialog.getByLabelText('Date'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Title is required.')).toBeInTheDocument();
    expect(dialog.getByText('Author is required.')).toBeInTheDocument();
    expect(dialog.getByText('Date is required.')).toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('sends an edited post as multipart, the editor content included', async () => {
    const fetchMock = stubBlogsAdmin(({ method, url }) =>
      method === 'PUT' && url.pathname === '/api/blogs/2'
        ? { status: 200, body: BLOGS[0] }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Guild wars guide' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog' }));
    expect(
      await dialog.findByRole('textbox', { name: 'Content' }, { timeout: 5000 }),
    ).toHaveTextContent('Body of post 2.');

    await user.clear(dialog.getByLabelText('Author'));
    await user.type(dialog.getByLabelText('Author'), 'Citra');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = callsMade(fetchMock).indexOf('PUT /api/blogs/2');
    const body = fetchMock.mock.calls[put]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      title: 'Guild wars guide',
      content: '<p>Body of post 2.</p>',
      author: 'Citra',
      date: '2025-03-05',
      description: '<p>Summary of post 2.</p>',
    });
    expect(screen.getByText('Blog post updated.')).toBeInTheDocument();
  });

  it('leaves a derived description blank in the form, so that it follows the new content', async () => {
    const derived = makeBlog(3, {
      title: 'Derived summary',
      description: 'Body of post 3.',
      description_derived: true,
    });
    const fetchMock = stubApi((call) =>
      call.method === 'GET' && call.url.pathname === '/api/blogs'
        ? listReply([derived], 1)
        : call.method === 'PUT'
          ? { status: 200, body: derived }
          : undefined,
    );
    const { user } = renderApp('/admin/blogs', { token: adminToken() });
    await user.click(
      await screen.findByRole('button', { name: 'Edit Derived summary' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog' }));
    expect(dialog.getByLabelText('Description')).toHaveValue('');
    await dialog.findByRole('textbox', { name: 'Content' }, { timeout: 5000 });
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = callsMade(fetchMock).indexOf('PUT /api/blogs/3');
    const body = fetchMock.mock.calls[put]?.[1]?.body as FormData;
    expect(body.get('description')).toBe('');
  });
});
