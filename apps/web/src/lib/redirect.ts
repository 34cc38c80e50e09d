/** Where a visitor who must sign in first is sent, remembering the page they asked for. */
export function loginPathFor(next: string): string {
  // Slashes are legal in a query string and keep the address readable: /login?next=/dashboard.
  return `/login?next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;
}

/**
 * Accepts only paths on this site, so a crafted link cannot bounce a fresh session to another
 * origin (`//evil.example` or `https://evil.example`).
 */
export function safeRedirectPath(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return undefined;
  }
  return candidate;
}
