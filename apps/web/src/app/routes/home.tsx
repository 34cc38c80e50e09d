import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../components/ui/page';
import { blogsPageQuery } from '../../features/blogs/api/get-blogs';
import { BlogCard, BlogCardSkeleton } from '../../features/blogs/components/blog-card';
import { gamesPageQuery } from '../../features/games/api/get-games';
import { GameCard, GameCardSkeleton } from '../../features/games/components/game-card';
import { Hero } from '../../features/home/components/hero';
import { HomeSection } from '../../features/home/components/home-section';
import { ScrollToTopButton } from '../../features/home/components/scroll-to-top-button';
import { StatsSection } from '../../features/home/components/stats-section';

/** SPEC 9: the home page shows the first 4 games and the first 3 posts. */
const HOME_GAMES = 4;
const HOME_BLOGS = 3;

export function HomePage() {
  const games = useQuery(gamesPageQuery({ limit: HOME_GAMES }));
  const blogs = useQuery(blogsPageQuery({ limit: HOME_BLOGS }));

  return (
    <>
      <PageTitle />
      <Hero />
      <div className="mx-auto max-w-7xl space-y-20 px-4 py-20 sm:px-6 lg:px-8">
        <HomeSection
          id="popular-games"
          title="Popular Web 3 Games"
          description="Web3 titles our community is playing right now."
          viewAllTo="/games"
        >
          <ul
            aria-busy={games.isPending}
            className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4"
          >
            {games.isPending
              ? Array.from({ length: HOME_GAMES }, (_, index) => (
                  <li key={`placeholder-${index}`}>
                    <GameCardSkeleton />
                  </li>
                ))
              : games.data?.items.map((game) => (
                  <li key={game.id}>
                    <GameCard game={game} />
                  </li>
                ))}
          </ul>
        </HomeSection>
        {/* A failed count shows as none, like a failed list (SPEC 8: failures are only logged). */}
        <StatsSection totalGames={games.isError ? 0 : games.data?.total} />
        <HomeSection
          id="latest-updates"
          title="Latest Updates and Insights"
          description="News, guides and analysis from the Web3 gaming world."
          viewAllTo="/blogs"
        >
          <ul aria-busy={blogs.isPending} className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {blogs.isPending
              ? Array.from({ length: HOME_BLOGS }, (_, index) => (
                  <li key={`placeholder-${index}`}>
                    <BlogCardSkeleton />
                  </li>
                ))
              : blogs.data?.items.map((blog) => (
                  <li key={blog.id}>
                    <BlogCard blog={blog} />
                  </li>
                ))}
          </ul>
        </HomeSection>
      </div>
      <ScrollToTopButton />
    </>
  );
}
