import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { ArrowLeftIcon } from 'lucide-react';

export function BlogDetailPage() {
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-28 pb-20 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
      <PageTitle title="Blog" />
      <article aria-label="Blog post">
        <Link
          to="/blogs"
          className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-indigo-300 hover:text-indigo-200"
        >
          <ArrowLeftIcon className="size-4" />
          Back to Blog
        </Link>
      </article>
      <aside aria-labelledby="recent-posts-heading">
        <h2 id="recent-posts-heading" className="text-xl font-bold text-white">
          Recent Posts
        </h2>
      </aside>
    </div>
  );
}
