/**
 * Where sign-in may send the person afterwards: a path of this service only. `raw` is the `next`
 * query parameter, already percent-decoded once by URLSearchParams. Browsers drop tabs and
 * newlines from a URL and read `\` as `/`, so `/\evil.test` and `/<TAB>/evil.test` mean
 * `//evil.test` — another host. Anything that is not plainly a path here, after the browser's
 * own URL parsing, goes to `fallback` (the portal home).
 */
export function safeNext(raw: string | null, origin: string, fallback = '/portal'): string {
  if (raw === null || !raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // Controls, backslashes and a second round of escapes that would spell a scheme or host.
  if (/[\u0000-\u001f\u007f\\]/.test(raw) || /%(2f|5c|09|0a|0d)/i.test(raw.slice(0, 4))) return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return fallback;
  // Back to the sign-in page would loop.
  if (url.pathname === '/signin') return fallback;
  return url.pathname + url.search + url.hash;
}
