import { GamesBrowser } from '../../features/games/components/games-browser';

export function GamesPage() {
  return <GamesBrowser />;
}
