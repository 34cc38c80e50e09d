import { textOr } from '../../../lib/display';

/** The name to show, with a stand-in when a game has none (README, "Missing values"). */
export function gameName(game: { name?: string | null }): string {
  return textOr(game.name, 'Untitled Game');
}
