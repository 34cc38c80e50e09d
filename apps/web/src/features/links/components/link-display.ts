import { textOr } from '../../../lib/display';

/** The title to show, with a stand-in when a link has none (README, "Missing values"). */
export function linkTitle(link: { title?: string | null }): string {
  return textOr(link.title, 'Untitled link');
}
