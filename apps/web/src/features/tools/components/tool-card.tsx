import type { TTool } from '@nexusplay/contract/tools';
import { Link } from 'react-router';
import { ArrowRightIcon, ExternalLinkIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { textOf, type Loose } from '../../../lib/display';
import { isSitePath, isWebUrl } from '../../../lib/urls';
import { toolName } from './tool-display';
import { ToolIcon } from './tool-icon';

/** The link covers the whole card, so the card is one target with a short name. */
const coverLinkClasses =
  'after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none';

function ToolName({ tool }: { tool: Loose<TTool> }) {
  const name = toolName(tool);
  if (isSitePath(tool.link)) {
    return (
      <Link to={tool.link} className={coverLinkClasses}>
        {name}
      </Link>
    );
  }
  if (isWebUrl(tool.link)) {
    return (
      <a href={tool.link} target="_blank" rel="noopener noreferrer" className={coverLinkClasses}>
        {name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return name;
}

/** A tool of the dashboard, with its description in Indonesian. */
export function ToolCard({ tool }: { tool: Loose<TTool> }) {
  const external = !isSitePath(tool.link) && isWebUrl(tool.link);
  const linked = isSitePath(tool.link) || external;
  const ActionIcon = external ? ExternalLinkIcon : ArrowRightIcon;
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-6 transition-colors hover:border-indigo-400/60 hover:bg-slate-900 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-400">
      <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-500/15 text-indigo-300">
        <ToolIcon icon={tool.icon} className="size-6" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-white">
        <ToolName tool={tool} />
      </h2>
      <p lang="id" className="mt-2 flex-1 leading-relaxed text-slate-300">
        {textOf(tool.description)}
      </p>
      {linked ? (
        <span
          aria-hidden="true"
          lang="id"
          className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-indigo-300 group-hover:text-indigo-200"
        >
          Buka alat
          <ActionIcon className="size-4" />
        </span>
      ) : null}
    </article>
  );
}

/** Holds a card's place, at its size, while the tools load. */
export function ToolCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
      <Skeleton className="size-12 rounded-xl" />
      <Skeleton className="mt-5 h-6 w-1/2" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-3/5" />
      <Skeleton className="mt-8 h-4 w-24" />
    </div>
  );
}
