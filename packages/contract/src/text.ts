/**
 * What text may hold, anywhere it enters the API. Control characters have no place in the text
 * of a form or a query: PostgreSQL cannot store NUL at all, FTS5 reads it as the end of a query,
 * and the rest are invisible in every page that shows the text. Tab, line feed and carriage
 * return are ordinary in multi-line text and stay allowed. A lone surrogate is half a character,
 * which no encoding can store as it is.
 */
// The `u` flag makes a surrogate pair one code point, so the range matches lone halves only.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The text with its control characters (as above) left out. */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS.source, 'gu'), '');
}

/** The message for a field whose text holds control characters. */
export const controlCharactersMessage = (field: string) =>
  `${field} must not contain control characters.`;

/**
 * Characters that change the direction text is drawn in: the embeddings and overrides
 * (U+202A–U+202E), the isolates (U+2066–U+2069) and the invisible marks (U+200E, U+200F,
 * U+061C). In a name or a title, shown among others in lists, they make one text look like
 * another ("gnp.exe" drawn as "exe.png") or hide what follows; no name needs them.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

export function hasDirectionControls(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

/** For a refinement of a name or title field. */
export const hasNoDirectionControls = (text: string) => !hasDirectionControls(text);

export const directionControlsMessage = (label: string) =>
  `${label} must not contain text-direction control characters.`;
