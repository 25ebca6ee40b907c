/** Readers for the public research files `eval/external.ts` measures on. */

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The strings of a Python list literal (`['a', "b's"]`), as the C-SSRS set stores posts. */
export function pythonStrings(literal: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < literal.length; i++) {
    const quote = literal[i];
    if (quote !== "'" && quote !== '"') continue;
    let text = '';
    for (i++; i < literal.length && literal[i] !== quote; i++) {
      const c = literal[i] as string;
      if (c !== '\\') {
        text += c;
        continue;
      }
      const next = literal[++i] ?? '';
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    }
    out.push(text);
  }
  return out.length > 0 ? out : [literal];
}
