import { useState } from 'react';
import { ExternalLinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { getSiteName } from '../../lib/site';

const FOOTER_LINKS = [
  { to: '/games', label: 'Games' },
  { to: '/tools', label: 'Tools' },
  { to: '/blogs', label: 'Blog' },
  { to: '/about', label: 'About' },
];

const SOCIAL_LINKS = [
  { href: 'https://twitter.com', label: 'Twitter' },
  { href: 'https://facebook.com', label: 'Facebook' },
  { href: 'https://linkedin.com', label: 'LinkedIn' },
];

export function SiteFooter() {
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className="border-t border-slate-800 bg-slate-950">
      {/* The extra bottom room keeps the last links clear of the home page's scroll-to-top button,
          which floats over the bottom-right corner: on a phone the social links sit there. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-10 pb-24 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <p className="text-sm text-slate-400">{`© ${year} ${getSiteName()}`}</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="text-slate-300 transition-colors hover:text-white">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flex gap-2">
          {SOCIAL_LINKS.map(({ href, label }) => (
            <li key={href}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-700 px-3 py-1.5 text-sm text-slate-300 transition-colors hover:border-indigo-400 hover:text-white"
              >
                {label}
                <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
