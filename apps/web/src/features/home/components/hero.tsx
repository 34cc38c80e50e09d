import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button';
import { ArrowRightIcon } from 'lucide-react';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate flex h-[80vh] min-h-[28rem] items-center overflow-hidden"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,_var(--color-indigo-700)_0%,_transparent_60%),radial-gradient(ellipse_at_bottom_right,_var(--color-fuchsia-900)_0%,_transparent_55%)] opacity-70"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(148_163_184/0.08)_1px,transparent_1px),linear-gradient(to_bottom,rgb(148_163_184/0.08)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)] bg-[size:3rem_3rem]"
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-indigo-300 uppercase">
          Web3 gaming community
        </p>
        <h1
          id="hero-heading"
          className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
        >
          Level Up Your Gaming Experience with Web3
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-300">
          Discover Web3 games, follow the latest insights and track your earnings with tools built
          for players who own what they play.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/games" className={buttonStyles('primary', 'px-6 py-3 text-base')}>
            Explore Games
            <ArrowRightIcon className="size-4" />
          </Link>
          <Link to="/tools" className={buttonStyles('secondary', 'px-6 py-3 text-base')}>
            Discover Tools
          </Link>
        </div>
      </div>
    </section>
  );
}
