import type { TGame } from '@nexusplay/contract/games';
import { useId } from 'react';
import { Gamepad2Icon } from 'lucide-react';
import { CoverImage } from '../../../components/ui/cover-image';
import { CoverCardSkeleton, type CoverCardPlacement } from '../../../components/ui/cover-card';
import { textOf, type Loose } from '../../../lib/display';
import { isWebUrl } from '../../../lib/urls';
import { gameName } from './game-display';

const cardClasses =
  'group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition-colors';

type GameCardProps = CoverCardPlacement & { game: Loose<TGame> };

/** A game, linking to the game's own site in a new tab. */
export function GameCard({
  game,
  headingLevel: Heading = 'h3',
  imageLoading = 'lazy',
}: GameCardProps) {
  const nameId = useId();
  const newTabId = useId();
  const descriptionId = useId();
  const name = gameName(game);
  const description = textOf(game.description);
  const content = (
    <>
      <div className="relative">
        <CoverImage
          src={game.image}
          width={640}
          height={360}
          loading={imageLoading}
          placeholderIcon={Gamepad2Icon}
          className="aspect-video w-full transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
        />
        <span className="absolute top-3 left-3 rounded-full bg-indigo-600/90 px-2.5 py-1 text-xs font-semibold text-white shadow">
          Web3 Game
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading id={nameId} title={name} className="truncate text-lg font-semibold text-white">
          {name}
        </Heading>
        {description ? (
          <p
            id={descriptionId}
            className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-300"
          >
            {description}
          </p>
        ) : null}
      </div>
    </>
  );

  // The server only stores web addresses; anything else is shown, but never followed.
  if (!isWebUrl(game.link)) return <article className={cardClasses}>{content}</article>;
  return (
    <a
      href={game.link}
      target="_blank"
      rel="noopener noreferrer"
      aria-labelledby={`${nameId} ${newTabId}`}
      aria-describedby={description ? descriptionId : undefined}
      className={`${cardClasses} hover:border-indigo-400/60 hover:bg-slate-900`}
    >
      {content}
      <span id={newTabId} hidden>
        (opens in a new tab)
      </span>
    </a>
  );
}

/** Holds a card's place, at its size, while the games load: name and description. */
export function GameCardSkeleton() {
  return <CoverCardSkeleton lines={['h-6 w-2/3', 'h-4 w-full', 'h-4 w-5/6']} />;
}
