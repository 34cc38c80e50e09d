import { GamesAdmin } from '../../../features/games/components/games-admin';

export function ManageGamesPage() {
  return <GamesAdmin />;
}
