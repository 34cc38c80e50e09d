import type { TBlog } from '@nexusplay/contract/blogs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NewspaperIcon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CoverImage } from '../../../components/ui/cover-image';
import { type Column } from '../../../components/ui/data-table';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { blogsPageQuery } from '../../../features/blogs/api/get-blogs';
import { useDeleteBlogMutation } from '../../../features/blogs/api/manage-blogs';
import { BlogForm } from '../../../features/blogs/components/blog-form';
import { blogDateLabel, blogTitle } from '../../../features/blogs/components/blog-display';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { ADMIN_PAGE_SIZE, keepDialogOnOutsideClick } from './admin-table';
import { AdminListSection } from './admin-list-section';
import { AdminPage } from './admin-page';

/** Which post the form is open for: none (adding) or the one being edited. */
type FormTarget = { blog: TBlog | undefined };

export function ManageBlogsPage() {
  const paging = usePagedSearch(ADMIN_PAGE_SIZE);
  const blogs = useQuery({ ...blogsPageQuery(paging.query), placeholderData: keepPreviousData });
  paging.keepInRange(blogs.isPlaceholderData ? undefined : blogs.data?.total);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TBlog | null>(null);
  const deletion = useDeleteBlogMutation();

  const closeForm = () => setFormTarget(null);
  const closeDelete = () => {
    setToDelete(null);
    deletion.reset();
  };
  const confirmDelete = () => {
    if (toDelete) deletion.mutate(toDelete.id, { onSuccess: closeDelete });
  };

  const columns: Column<TBlog>[] = [
    {
      header: 'Title',
      className: 'max-w-sm',
      cell: (blog) => (
        <span className="line-clamp-2 font-medium text-white">{blogTitle(blog)}</span>
      ),
    },
    { header: 'Author', cell: (blog) => blog.author },
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
    {
      header: 'Actions',
      className: 'text-right',
      cell: (blog) => (
        <RowActions
          name={blogTitle(blog)}
          onEdit={() => setFormTarget({ blog })}
          onDelete={() => setToDelete(blog)}
        />
      ),
    },
  ];

  return (
    <AdminPage
      title="Manage Blogs"
      description="Write, edit and remove the articles shown on the blog."
      actions={
        <Button onClick={() => setFormTarget({ blog: undefined })}>
          <PlusIcon aria-hidden="true" className="size-4" />
          Add Blog
        </Button>
      }
    >
      <AdminListSection
        paging={paging}
        list={blogs}
        columns={columns}
        rowKey={(blog) => blog.id}
        searchLabel="Search blogs"
        searchPlaceholder="Search blogs by title or description..."
        caption="Blog posts"
        pagesLabel="Blog pages"
        noun="posts"
      />

      <Dialog open={formTarget !== null} onOpenChange={(open) => !open && closeForm()}>
        {formTarget ? (
          <DialogContent
            size="lg"
            title={formTarget.blog ? 'Edit Blog' : 'Add Blog'}
            description="Title, author and date are required; the image and description are optional."
            onInteractOutside={keepDialogOnOutsideClick}
          >
            <BlogForm blog={formTarget.blog} onSaved={closeForm} onCancel={closeForm} />
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title="Delete blog post?"
        description={
          <>
            <strong className="text-white">{toDelete ? blogTitle(toDelete) : null}</strong> will be
            removed from the blog. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletion.isPending}
        error={deletion.isError ? 'Failed to delete blog post.' : undefined}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
