import { cx } from '../../lib/class-names';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/games', label: 'Games' },
  { to: '/tools', label: 'Tools' },
  { to: '/blogs', label: 'Blog' },
  { to: '/about', label: 'About' },
];

export function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-white/10 text-white' : 'text-slate-200 hover:bg-white/5 hover:text-white',
  );
}
