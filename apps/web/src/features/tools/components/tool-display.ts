import { textOr } from '../../../lib/display';

/** The name to show, with a stand-in when a tool has none (README, "Missing values"). */
export function toolName(tool: { name?: string | null }): string {
  return textOr(tool.name, 'Untitled Tool');
}
