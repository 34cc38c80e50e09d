import { BlogsBrowser } from '../../features/blogs/components/blogs-browser';

export function BlogsPage() {
  return <BlogsBrowser />;
}
