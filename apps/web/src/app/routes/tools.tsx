import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import {
  ArrowRightIcon,
  CoinsIcon,
  LinkIcon,
  StoreIcon,
  TrendingUpIcon,
  WalletIcon,
} from 'lucide-react';
import { Page } from '../../components/ui/page';
import { TOOL_CATALOG } from './tools/tool-catalog';

type ToolCard = {
  tool: (typeof TOOL_CATALOG)[keyof typeof TOOL_CATALOG];
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const TOOL_CARDS: ToolCard[] = [
  { tool: TOOL_CATALOG.incomeAxie, Icon: TrendingUpIcon },
  { tool: TOOL_CATALOG.incomePixels, Icon: CoinsIcon },
  { tool: TOOL_CATALOG.linkManager, Icon: LinkIcon },
  { tool: TOOL_CATALOG.walletTracker, Icon: WalletIcon },
  { tool: TOOL_CATALOG.marketPixels, Icon: StoreIcon },
];

export function ToolsPage() {
  return (
    <Page
      title="Gaming Tools"
      descriptionLang="id"
      description="Alat bantu untuk mengelola wallet, tautan, pendapatan dan peluang market di game Web3 favoritmu."
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {TOOL_CARDS.map(({ tool, Icon }) => (
          <li
            key={tool.path}
            className="group relative flex flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-6 transition-colors hover:border-indigo-400/60 hover:bg-slate-900 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-400"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-500/15 text-indigo-300">
              <Icon className="size-6" />
            </span>
            <h2 className="mt-5 text-xl font-semibold text-white">
              {/* The link covers the whole card, so the card is one target with a short name. */}
              <Link
                to={tool.path}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
              >
                {tool.name}
              </Link>
            </h2>
            <p lang="id" className="mt-2 flex-1 leading-relaxed text-slate-300">
              {tool.description}
            </p>
            <span
              aria-hidden="true"
              lang="id"
              className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-indigo-300 group-hover:text-indigo-200"
            >
              Buka alat
              <ArrowRightIcon className="size-4" />
            </span>
          </li>
        ))}
      </ul>
    </Page>
  );
}
