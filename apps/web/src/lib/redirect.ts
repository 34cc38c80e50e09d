/** Where a visitor who must sign in first is sent, remembering the page they asked for. */
export function loginPathFor(next: string): string {
  return authPathFor('/login', next);
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

function isAuthPage(path: string) {
  return /^\/(login|register)(\/|\?|#|$)/.test(path);
}

/**
 * The page a visitor asked to return to after signing in or up (`?next=`), if it is a page of
 * this site other than the sign-in and sign-up pages themselves.
 */
export function nextPathFrom(candidate: unknown): string | undefined {
  const path = safeRedirectPath(candidate);
  return path && !isAuthPage(path) ? path : undefined;
}

/** The sign-in or sign-up page, passing on the page to return to. */
export function authPathFor(page: '/login' | '/register', next: string | undefined): string {
  // Slashes are legal in a query string and keep the address readable: /login?next=/dashboard.
  return next ? `${page}?next=${encodeURIComponent(next).replaceAll('%2F', '/')}` : page;
}
