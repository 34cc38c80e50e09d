import createDOMPurify from 'dompurify';

/**
 * The two places blog HTML is shown (SPEC 5): a short summary on cards and in the sidebar, and
 * the full article, which may also carry headings and bullet lists.
 */
export type HtmlProfile = 'summary' | 'article';

const SUMMARY_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p'];
const ALLOWED_TAGS: Record<HtmlProfile, string[]> = {
  summary: SUMMARY_TAGS,
  article: [...SUMMARY_TAGS, 'h1', 'h2', 'ul', 'li'],
};

/** Links may point to web pages and mail addresses only; javascript: and data: never pass. */
const SAFE_HREF = /^(?:https?:|mailto:)/i;
const WEB_HREF = /^https?:/i;

// A private instance, so the link hook below cannot change how anything else is sanitised.
const purifier = createDOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href === null) return;
  // Blog links lead away from the site, so they open beside it and learn nothing about it.
  node.setAttribute('rel', 'noopener noreferrer');
  if (WEB_HREF.test(href)) node.setAttribute('target', '_blank');
});

/** Returns `html` with only the tags of `profile`, only href on links and only safe hrefs. */
export function sanitizeHtml(html: string, profile: HtmlProfile): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ALLOWED_TAGS[profile],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
