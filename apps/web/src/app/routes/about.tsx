import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button';
import { ChartColumnIcon, UsersIcon, ZapIcon } from 'lucide-react';
import { Page } from '../../components/ui/page';
import { getSiteName } from '../../lib/site';

type Reason = {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const REASONS: Reason[] = [
  {
    title: 'Cutting-Edge Tools',
    text: 'Track wallets, income and market prices with tools made for the way Web3 games actually work, so you spend less time on spreadsheets and more time playing.',
    Icon: ZapIcon,
  },
  {
    title: 'Comprehensive Insights',
    text: 'Guides, news and analysis that explain the games, their economies and the trends behind them, from first steps to advanced strategy.',
    Icon: ChartColumnIcon,
  },
  {
    title: 'Community-Centric',
    text: 'Built around the players and builders who use it: we listen, share what we learn and grow the platform together with our community.',
    Icon: UsersIcon,
  },
];

export function AboutPage() {
  const siteName = getSiteName();
  return (
    <Page
      title={`About ${siteName}`}
      description="A home for gamers and developers exploring Web3 gaming: the games worth playing, the knowledge worth having and the tools that make it easier."
    >
      <div className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2">
        <section
          aria-labelledby="mission-heading"
          className="rounded-2xl border border-slate-800 bg-slate-900/60 p-8"
        >
          <h2 id="mission-heading" className="text-2xl font-bold text-white">
            Our Mission
          </h2>
          <p className="mt-4 leading-relaxed text-slate-300">
            To give gamers and developers the tools, insights and platform they need to discover
            Web3 gaming, where players truly own what they earn, collaborate openly and build
            lasting communities.
          </p>
        </section>
        <section
          aria-labelledby="vision-heading"
          className="rounded-2xl border border-slate-800 bg-slate-900/60 p-8"
        >
          <h2 id="vision-heading" className="text-2xl font-bold text-white">
            Our Vision
          </h2>
          <p className="mt-4 leading-relaxed text-slate-300">
            A gaming world in which ownership, collaboration and community come first: where every
            player can understand the economies they take part in and every builder can find the
            players who share their passion.
          </p>
        </section>
      </div>

      <section aria-labelledby="reasons-heading" className="mt-20">
        <h2 id="reasons-heading" className="text-3xl font-bold text-white">
          Why Choose {siteName}?
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
          {REASONS.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
              <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-500/15 text-indigo-300">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-white">{title}</h3>
              <p className="mt-3 leading-relaxed text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-20 rounded-2xl border border-indigo-500/30 bg-indigo-500/10 p-8 text-center">
        <h2 className="text-2xl font-bold text-white">Ready to play?</h2>
        <p className="mt-3 text-slate-300">Find your next game or put our tools to work.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          <Link to="/games" className={buttonStyles('primary', 'px-6 py-3')}>
            Explore Games
          </Link>
          <Link to="/tools" className={buttonStyles('secondary', 'px-6 py-3')}>
            Discover Tools
          </Link>
        </div>
      </section>
    </Page>
  );
}
