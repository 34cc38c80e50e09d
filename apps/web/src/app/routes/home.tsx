import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { ArrowRightIcon } from 'lucide-react';
import { Hero } from '../../features/home/components/hero';
import { ScrollToTopButton } from '../../features/home/components/scroll-to-top-button';

export function HomePage() {
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
        />
        <HomeSection
          id="latest-updates"
          title="Latest Updates and Insights"
          description="News, guides and analysis from the Web3 gaming world."
          viewAllTo="/blogs"
        />
      </div>
      <ScrollToTopButton />
    </>
  );
}

type HomeSectionProps = {
  id: string;
  title: string;
  description: string;
  viewAllTo: string;
};

function HomeSection({ id, title, description, viewAllTo }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-white sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-slate-300">{description}</p>
        </div>
        <Link
          to={viewAllTo}
          className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-300 hover:text-indigo-200"
        >
          View All
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    </section>
  );
}
