import type { TStatsResponse } from '@nexusplay/contract/stats';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { textOf, textOr, type Loose } from '../../../lib/display';
import { formatDay } from '../../../lib/format-date';

type LatestArticle = TStatsResponse['latest_blogs'][number];

type LatestArticlesProps = {
  /** Undefined while loading, or when they could not be loaded. */
  articles: Loose<LatestArticle>[] | undefined;
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
              <LatestArticleItem article={article} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One article: SPEC 2's title, opening, author and date; a missing title reads 'Untitled Blog'. */
function LatestArticleItem({ article }: { article: Loose<LatestArticle> }) {
  const createdOn = formatDay(article.created_at);
  const author = textOf(article.author);
  return (
    <article>
      <h3 className="font-semibold text-white">
        <Link to={`/blogs/${article.id}`} className="rounded hover:text-indigo-300">
          {textOr(article.title, 'Untitled Blog')}
        </Link>
      </h3>
      {textOf(article.content) ? (
        <p className="mt-1 text-sm break-words text-slate-300">{article.content}</p>
      ) : null}
      {author || createdOn ? (
        <p className="mt-2 text-xs text-slate-400">
          {author}
          {author && createdOn ? ' · ' : null}
          {createdOn ? <time dateTime={article.created_at ?? undefined}>{createdOn}</time> : null}
        </p>
      ) : null}
    </article>
  );
}
