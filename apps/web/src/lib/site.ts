const DEFAULT_SITE_NAME = 'NexusPlay';

/** The server writes the configured product name into this meta tag when it starts. */
export function getSiteName(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || DEFAULT_SITE_NAME;
}
