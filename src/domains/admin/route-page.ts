import type { RouteRow } from './routes.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderRouteTable(routes: readonly RouteRow[], origin: string): string {
  const rows = routes
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.method)}</code></td><td><code>${escapeHtml(r.path)}</code></td>` +
        `<td>${r.auth === 'key' ? `key · ${escapeHtml(r.scope ?? 'read')}` : 'session'}</td>` +
        `<td class="num">${r.cost === null ? '—' : `${r.cost}${r.keyCostApplies ? '' : ' <small>(fixed)</small>'}`}</td>` +
        `<td>${escapeHtml(r.purpose)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>/api/v1 routes · Orrery admin</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem clamp(.75rem,3vw,2rem);color:#eef0f7;background:#0d1020}
main{max-width:72rem;margin:0 auto}a{color:#9fc3ff}:focus-visible{outline:3px solid #7fd1ae;outline-offset:2px}
h1{font-size:1.4rem}.wrap{overflow-x:auto;border:1px solid #343a63;border-radius:12px}
table{border-collapse:collapse;width:100%;background:#171b31}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #343a63;vertical-align:top}
th{color:#b3b8d0;background:#20254a}.num{text-align:right}code{font-size:.9em;white-space:nowrap}
@media (max-width:600px){body{padding:1rem .75rem}td,th{padding:.4rem}}
</style></head>
<body><main>
<p><a href="/admin">← Administration</a></p>
<h1>/api/v1 routes</h1>
<p>Every <code>/api/v1</code> route this instance serves (${routes.length}), from the live route table: partner routes take an API key with a scope; key routes take the owner's session and refuse keys. Costs are in Essence; a key's <code>essencePerCall</code> replaces the default unless marked fixed. Base: <code>${escapeHtml(origin)}</code>; the full reference is at <a href="/docs">/docs</a>.</p>
<div class="wrap" tabindex="0" role="region" aria-label="/api/v1 routes table">
<table aria-label="/api/v1 routes"><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Auth</th><th scope="col" class="num">Cost</th><th scope="col">Purpose</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</div>
</main></body></html>`;
}
