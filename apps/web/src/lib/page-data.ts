import {
  PAGE_DATA_ELEMENT_ID,
  type TPageData,
  type TPageResponse,
} from '@nexusplay/contract/page-data';

/** The answers the page's HTML carried, not yet taken; read from the document on first use. */
let pending: Map<string, TPageResponse> | undefined;

function readPageData(): Map<string, TPageResponse> {
  const answers = new Map<string, TPageResponse>();
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return answers;
  element.remove();
  try {
    const data = JSON.parse(element.textContent) as TPageData;
    for (const [path, answer] of Object.entries(data)) answers.set(path, answer);
  } catch {
    // Unreadable data costs nothing but the requests it would have saved.
  }
  return answers;
}

/**
 * The answer the page's HTML carried for `GET /api{path}`, given once: the next request for the
 * same path goes to the server.
 */
export function takePageResponse(path: string): TPageResponse | undefined {
  pending ??= readPageData();
  const answer = pending.get(path);
  pending.delete(path);
  return answer;
}

/**
 * Forgets the answers not taken. They were current when the page loaded; once the visitor moves
 * on, a request must see what the server holds now.
 */
export function discardPageData(): void {
  pending ??= readPageData();
  pending.clear();
}
