import type { PartnerMeta } from '../../http/auth.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderRouteTable(routes: readonly PartnerMeta[], origin: string): string {
  const rows = routes
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.method)}</code></td><td><code>${escapeHtml(r.path)}</code></td>` +
        `<td>${escapeHtml(r.scope)}</td><td class="num">${r.cost}${r.keyCostApplies ? '' : ' <small>(fixed)</small>'}</td>` +
        `<td>${escapeHtml(r.purpose)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner routes · Orrery admin</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1d2230;background:#f6f7fb}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e3e6ef;vertical-align:top}
th{background:#eef0f7}.num{text-align:right}code{font-size:.9em}
@media (max-width:600px){td,th{padding:.4rem}}
</style></head>
<body><main>
<h1>Partner routes</h1>
<p>Every <code>/api/v1</code> route this instance serves (${routes.length}), from the live route table. Costs are in Essence; a key's <code>essencePerCall</code> replaces the default unless marked fixed. Base: <code>${escapeHtml(origin)}</code>.</p>
<table aria-label="Partner routes"><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Scope</th><th scope="col" class="num">Cost</th><th scope="col">Purpose</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</main></body></html>`;
}
