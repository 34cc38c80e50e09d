import { useMemo } from 'react';
import { sanitizeHtml, type HtmlProfile } from '../../lib/sanitize-html';

type SanitizedHtmlProps = {
  html: string;
  profile: HtmlProfile;
  className?: string;
};

/** The only way the app renders HTML it did not write: always through the sanitiser first. */
export function SanitizedHtml({ html, profile, className }: SanitizedHtmlProps) {
  const safe = useMemo(() => sanitizeHtml(html, profile), [html, profile]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
