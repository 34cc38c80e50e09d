/**
 * The two places blog HTML is shown (SPEC 5): a short summary on cards and in the sidebar, and
 * the full article, which may also carry headings and bullet lists.
 */
export type HtmlProfile = 'summary' | 'article';

const SUMMARY_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p'];
const ALLOWED_TAGS: Record<HtmlProfile, ReadonlySet<string>> = {
  summary: new Set(SUMMARY_TAGS),
  article: new Set([...SUMMARY_TAGS, 'h1', 'h2', 'ul', 'li']),
};

/**
 * Elements whose content is code, media or markup of another kind rather than text to read: they
 * go with everything inside them. Any other element outside the profile is unwrapped, its text
 * kept.
 */
const DROPPED_WITH_CONTENT = new Set([
  'audio',
  'canvas',
  'colgroup',
  'embed',
  'head',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'plaintext',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
]);

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** Links may point to web pages and mail addresses only; javascript: and data: never pass. */
const SAFE_HREF = /^(?:https?:|mailto:)/i;
const WEB_HREF = /^https?:/i;

/**
 * Returns `html` with only the tags of `profile`, only href on links and only safe hrefs.
 *
 * The markup is parsed into an inert document (nothing in it runs or loads) and the allowed part
 * is rebuilt from new nodes, so nothing of the original, not one attribute, reaches the page
 * unless it is named here.
 */
export function sanitizeHtml(html: string, profile: HtmlProfile): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  copyAllowed(parsed.body, container, ALLOWED_TAGS[profile]);
  return container.innerHTML;
}

function copyAllowed(from: Node, to: Element, allowed: ReadonlySet<string>) {
  const output = to.ownerDocument;
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.append(output.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    // Nor is foreign (SVG, MathML) content, which follows parsing rules of its own.
    if (element.namespaceURI !== HTML_NAMESPACE) continue;
    const tag = element.localName;
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!allowed.has(tag)) {
      copyAllowed(element, to, allowed);
      continue;
    }
    const copy = output.createElement(tag);
    if (tag === 'a') copyLinkTarget(element, copy);
    to.append(copy);
    copyAllowed(element, copy, allowed);
  }
}

function copyLinkTarget(from: Element, to: Element) {
  const href = from.getAttribute('href')?.trim();
  if (!href || !SAFE_HREF.test(href)) return;
  to.setAttribute('href', href);
  // Blog links lead away from the site, so they open beside it and learn nothing about it.
  to.setAttribute('rel', 'noopener noreferrer');
  if (WEB_HREF.test(href)) to.setAttribute('target', '_blank');
}
