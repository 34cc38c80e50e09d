import { z } from 'zod';

export const URL_MAX = 2048;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** An absolute http(s) URL; javascript:, data: and every other scheme are refused. */
export const zHttpUrl = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters.`)
    .refine(isHttpUrl, `${label} must be a web address starting with http:// or https://.`);

/** A path inside this site ("/tools/wallet") or an absolute http(s) URL. */
export const zSiteOrHttpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters.`)
    .refine(
      (value) => /^\/(?!\/)[\w\-./~%?=&#]*$/.test(value) || isHttpUrl(value),
      `${label} must be a path on this site (such as /tools/wallet) or a web address starting with http:// or https://.`,
    );
