import { BlogsAdmin } from '../../../features/blogs/components/blogs-admin';

export function ManageBlogsPage() {
  return <BlogsAdmin />;
}
