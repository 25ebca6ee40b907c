import iconv from 'iconv-lite';

/**
 * Which character set a fetched feed is in, by the first rule that answers (RFC 7303 §3 for
 * XML; a BOM is the strongest signal there is):
 * 1. a byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE);
 * 2. the `charset` of the HTTP `Content-Type`;
 * 3. the XML declaration's `encoding`, read in whatever byte layout the document starts with
 *    (an UTF-16 document without a BOM starts `<\0?\0` or `\0<\0?`);
 * 4. UTF-8.
 * A label nobody can decode is skipped for the next rule. As browsers do, ISO-8859-1 and ASCII
 * are read as windows-1252, which they are in practice (curly quotes in 0x80–0x9F).
 */
export function feedCharset(bytes: Uint8Array, contentType: string | null): string {
  const bom = byteOrderMark(bytes);
  if (bom !== null) return bom;
  const layout = bomlessLayout(bytes);
  const fromHeader = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1] : undefined;
  if (layout !== null && fromHeader !== undefined && /^utf-?16$/i.test(fromHeader)) return layout;
  const header = usable(fromHeader);
  if (header !== null) return header;
  const prolog = iconv.decode(Buffer.from(bytes.subarray(0, 512)), layout ?? 'latin1');
  const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(prolog)?.[1];
  if (layout !== null) {
    // "UTF-16" in the declaration says nothing of the byte order; the layout does.
    return declared === undefined || /^utf-?16$/i.test(declared) ? layout : (usable(declared) ?? layout);
  }
  return usable(declared) ?? 'utf-8';
}

/** Decodes a fetched feed to text (any BOM dropped). */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  return iconv.decode(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    feedCharset(bytes, contentType),
  );
}

const WINDOWS_1252_ALIASES = /^(iso[-_]?8859[-_]1|latin-?1|l1|us-ascii|ascii|iso-ir-100|cp819|ibm819)$/i;

function usable(label: string | undefined): string | null {
  if (label === undefined) return null;
  const trimmed = label.trim();
  if (WINDOWS_1252_ALIASES.test(trimmed)) return 'windows-1252';
  // iconv-lite reads "utf-16" as little-endian without a BOM; a BOM was already looked for.
  if (/^utf-?16$/i.test(trimmed)) return 'utf-16be';
  return iconv.encodingExists(trimmed) ? trimmed.toLowerCase() : null;
}

function byteOrderMark(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32be';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0x00 && b[3] === 0x00) return 'utf-32le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  return null;
}

/** UTF-16 without a BOM, recognised by how `<?` is laid out (XML 1.0 Appendix F). */
function bomlessLayout(b: Uint8Array): string | null {
  if (b[0] === 0x3c && b[1] === 0x00 && b[2] === 0x3f && b[3] === 0x00) return 'utf-16le';
  if (b[0] === 0x00 && b[1] === 0x3c && b[2] === 0x00 && b[3] === 0x3f) return 'utf-16be';
  return null;
}
