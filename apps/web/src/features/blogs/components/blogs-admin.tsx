import type { TBlog } from '@nexusplay/contract/blogs';
import { NewspaperIcon } from 'lucide-react';
import { AddButton } from '../../../components/ui/add-button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { CoverImage } from '../../../components/ui/cover-image';
import { type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { blogsPageQuery } from '../api/get-blogs';
import { useDeleteBlogMutation } from '../api/manage-blogs';
import { BlogForm } from './blog-form';
import { blogDateLabel, blogTitle } from './blog-display';
import { NO_VALUE, textOr } from '../../../lib/display';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { ADMIN_PAGE_SIZE, emptyTextsFor, PagedTable } from '../../../components/ui/paged-table';
import { AdminPage } from '../../../components/ui/admin-page';
import { CellText } from '../../../components/ui/cell-text';

export function BlogsAdmin() {
  const blogs = usePagedList(ADMIN_PAGE_SIZE, blogsPageQuery);
  const form = useFormDialog<TBlog>();
  const deletion = useDeleteConfirmation<TBlog>(useDeleteBlogMutation(), {
    deleted: 'Blog post deleted.',
  });

  const columns: Column<TBlog>[] = [
    {
      header: 'Title',
      className: 'max-w-sm',
      cell: (blog) => (
        <CellText text={blogTitle(blog)} className="max-w-sm font-medium text-white" />
      ),
    },
    { header: 'Author', cell: (blog) => <CellText text={textOr(blog.author, NO_VALUE)} /> },
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (blog) => blogDateLabel(blog),
    },
    {
      header: 'Image',
      cell: (blog) => (
        <CoverImage
          src={blog.image}
          width={64}
          height={40}
          placeholderIcon={NewspaperIcon}
          className="h-10 w-16 rounded-md"
        />
      ),
    },
    rowActionsColumn(blogTitle, form.openEdit, deletion.ask),
  ];

  return (
    <AdminPage
      title="Manage Blogs"
      description="Write, edit and remove the articles shown on the blog."
      actions={<AddButton label="Add Blog" onClick={form.openAdd} />}
    >
      <PagedTable
        {...blogs}
        columns={columns}
        rowKey={(blog) => blog.id}
        caption="Blog posts"
        pagesLabel="Blog pages"
        search={{ label: 'Search blogs', placeholder: 'Search blogs by title or description...' }}
        emptyText={emptyTextsFor('posts')}
      />

      <FormDialog
        open={form.open}
        onClose={form.close}
        size="lg"
        title={form.row ? 'Edit Blog' : 'Add Blog'}
        description="Title, author and date are required; the image and description are optional."
      >
        <BlogForm blog={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete blog post?"
        name={deletion.row && blogTitle(deletion.row)}
        description="will be removed from the blog. This cannot be undone."
        error={deletion.error ? 'Failed to delete blog post.' : undefined}
      />
    </AdminPage>
  );
}
