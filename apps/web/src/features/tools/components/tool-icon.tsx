import { createElement } from 'react';
import {
  BellIcon,
  BookOpenIcon,
  CalculatorIcon,
  ChartColumnIcon,
  ChartLineIcon,
  CoinsIcon,
  DollarSignIcon,
  Gamepad2Icon,
  GemIcon,
  GlobeIcon,
  LinkIcon,
  NewspaperIcon,
  ShoppingCartIcon,
  StoreIcon,
  SwordsIcon,
  TrendingUpIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
  WrenchIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { isWebUrl } from '../../../lib/urls';

/**
 * The icon names a tool may use. A fixed set keeps the icons out of the bundle unless named here;
 * a few common aliases map to the same picture.
 */
const ICONS: Record<string, LucideIcon> = {
  bell: BellIcon,
  book: BookOpenIcon,
  'book-open': BookOpenIcon,
  calculator: CalculatorIcon,
  'chart-bar': ChartColumnIcon,
  'chart-column': ChartColumnIcon,
  'chart-line': ChartLineIcon,
  coins: CoinsIcon,
  dollar: DollarSignIcon,
  'dollar-sign': DollarSignIcon,
  gamepad: Gamepad2Icon,
  'gamepad-2': Gamepad2Icon,
  gem: GemIcon,
  globe: GlobeIcon,
  link: LinkIcon,
  newspaper: NewspaperIcon,
  'shopping-cart': ShoppingCartIcon,
  store: StoreIcon,
  swords: SwordsIcon,
  'trending-up': TrendingUpIcon,
  trophy: TrophyIcon,
  users: UsersIcon,
  wallet: WalletIcon,
  wrench: WrenchIcon,
  zap: ZapIcon,
};

/** Names written as icon class names ("fa-solid fa-wallet", "Trending_Up") still find their icon. */
function iconFor(name: string): LucideIcon {
  const last = name.trim().toLowerCase().split(/\s+/).pop() ?? '';
  const key = last.replace(/^fa-/, '').replaceAll('_', '-');
  return ICONS[key] ?? WrenchIcon;
}

type ToolIconProps = {
  /** An address or an icon name; without one, the generic icon. */
  icon: string | null | undefined;
  className?: string;
};

/** A tool's icon: its image when it names an address, else the icon of that name (or a wrench). */
export function ToolIcon({ icon, className }: ToolIconProps) {
  if (isWebUrl(icon)) {
    return (
      <img
        src={icon}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        decoding="async"
        className={cx('object-contain', className)}
      />
    );
  }
  // The icons are fixed module-level components, only picked here, so no state is ever lost.
  return createElement(iconFor(icon ?? ''), { 'aria-hidden': true, className });
}
