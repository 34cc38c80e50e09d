import { DEMO_META_NAME } from '@nexusplay/contract/page-data';

const DEFAULT_SITE_NAME = 'NexusPlay';

/** The server writes the configured product name into this meta tag when it starts. */
export function getSiteName(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || DEFAULT_SITE_NAME;
}

/**
 * The notice every page shows when the server's chain and prices are local stand-ins (its
 * DEMO_MODE setting, written into a meta tag), or undefined on a real site.
 */
export function getDemoNotice(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${DEMO_META_NAME}"]`);
  return meta?.content.trim() || undefined;
}
