import type { TStatsResponse } from '@nexusplay/contract/stats';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCalendarDate } from '../../../lib/format-date';

type LatestArticlesProps = {
  /** Undefined while loading, or when they could not be loaded. */
  articles: TStatsResponse['latest_blogs'] | undefined;
  failedToLoad: boolean;
};

/** The newest blog posts with the opening of each (the server cuts it to 100 characters). */
export function LatestArticles({ articles, failedToLoad }: LatestArticlesProps) {
  return (
    <section
      aria-labelledby="latest-articles-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="latest-articles-heading" className="text-lg font-semibold text-white">
        Latest Articles
      </h2>
      {articles === undefined ? (
        failedToLoad ? (
          <p className="mt-4 text-sm text-slate-400">The latest articles could not be loaded.</p>
        ) : (
          <div aria-busy="true" className="mt-4 space-y-4">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        )
      ) : articles.length === 0 ? (
        <p className="mt-4 text-sm text-slate-400">No articles yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800">
          {articles.map((article) => (
            <li key={article.id} className="py-4 first:pt-0 last:pb-0">
              <article>
                <h3 className="font-semibold text-white">
                  <Link to={`/blogs/${article.id}`} className="rounded hover:text-indigo-300">
                    {article.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm break-words text-slate-300">{article.content}</p>
                <p className="mt-2 text-xs text-slate-400">
                  {article.author}
                  {formatCalendarDate(article.created_at) ? (
                    <>
                      {' · '}
                      <time dateTime={article.created_at}>
                        {formatCalendarDate(article.created_at)}
                      </time>
                    </>
                  ) : null}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
