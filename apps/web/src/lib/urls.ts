/** An absolute http(s) address: the only kind of outside link the site renders. */
export function isWebUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A path on this site, such as /tools/wallet (but not //elsewhere.example). */
export function isSitePath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
