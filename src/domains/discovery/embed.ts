import { createHash } from 'node:crypto';
import { ATLAS, type FamilyId } from '../atlas/catalogue.ts';
import type { Card, PulseView } from './cards.ts';

/**
 * The embed page may be framed by any site; it runs no script and loads nothing, so its policy
 * allows inline styles and nothing else.
 */
export const EMBED_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

const FAMILY_COLORS: Record<string, string> = Object.fromEntries(ATLAS.families.map((f) => [f.id, f.color]));
const FAMILY_LABELS: Record<string, string> = Object.fromEntries(ATLAS.families.map((f) => [f.id, f.label]));

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function safeHref(link: string | null): string | null {
  if (link === null) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function pulseBar(pulse: PulseView): string {
  return pulse.families
    .map((f) => {
      const color = FAMILY_COLORS[f.id as FamilyId] ?? '#888888';
      const label = FAMILY_LABELS[f.id] ?? 'Other';
      const width = Math.max(0, Math.min(100, f.share * 100)).toFixed(2);
      return `<span class="seg" style="width:${width}%;background:${escapeHtml(color)}" title="${escapeHtml(label)} ${Math.round(f.share * 100)}%"></span>`;
    })
    .join('');
}

function legend(pulse: PulseView): string {
  return pulse.families
    .slice(0, 5)
    .map((f) => {
      const color = FAMILY_COLORS[f.id] ?? '#888888';
      const label = FAMILY_LABELS[f.id] ?? 'Other';
      return `<li><span class="dot" style="background:${escapeHtml(color)}"></span>${escapeHtml(label)} ${Math.round(f.share * 100)}%</li>`;
    })
    .join('');
}

function cardHtml(card: Card): string {
  const href = safeHref(card.link);
  const title = escapeHtml(card.title);
  const heading = href
    ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${title}</a>`
    : title;
  return `<li class="card" style="border-left-color:${escapeHtml(card.color)}"><h3>${heading}</h3><p>${escapeHtml(card.body)}</p></li>`;
}

/** The self-contained HTML card served at /embed/pulse. */
export function renderEmbed(options: {
  pulse: PulseView | null;
  cards: Card[];
  theme: 'light' | 'dark';
  origin: string;
}): string {
  const { pulse, cards, theme, origin } = options;
  const dark = theme === 'dark';
  const summary =
    pulse === null
      ? '<p class="quiet">The pulse appears once at least five people have checked in today.</p>'
      : `<div class="bar" role="img" aria-label="Mood families over the last 24 hours">${pulseBar(pulse)}</div><ul class="legend">${legend(pulse)}</ul><p class="quiet">${pulse.participants} people · last 24 hours</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="60">
<title>Orrery · collective pulse</title>
<style>
:root{color-scheme:${dark ? 'dark' : 'light'}}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:${dark ? '#12151c' : '#ffffff'};color:${dark ? '#e7e9ee' : '#1d2330'}}
main{padding:14px 16px}
h1{font-size:15px;margin:0 0 10px;font-weight:600}
h1 a{color:inherit;text-decoration:none}
.bar{display:flex;height:12px;border-radius:6px;overflow:hidden;background:${dark ? '#232836' : '#eef0f4'}}
.seg{display:block;height:100%}
.legend{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:12px}
.dot{display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:5px;vertical-align:middle}
.quiet{color:${dark ? '#9aa3b5' : '#5d6678'};font-size:12px;margin:6px 0 0}
.cards{list-style:none;padding:0;margin:12px 0 0}
.card{border-left:3px solid #888;padding:2px 0 2px 10px;margin:0 0 10px}
.card h3{font-size:13px;margin:0 0 2px}
.card a{color:inherit}
.card p{margin:0;font-size:12px;color:${dark ? '#b9c0cf' : '#4a5262'};display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
</style>
</head>
<body>
<main>
<h1><a href="${escapeHtml(origin)}/pulse" target="_blank" rel="noopener noreferrer">Orrery · the collective pulse</a></h1>
${summary}
${cards.length > 0 ? `<ul class="cards">${cards.map(cardHtml).join('')}</ul>` : ''}
<p class="quiet">For philosophical exploration only. Not advice of any kind.</p>
</main>
</body>
</html>
`;
}

/**
 * The `<orrery-pulse>` web component. It reads the public pulse and discovery feed of the
 * Orrery it was loaded from (or the one its `src` attribute names) and renders them in a shadow
 * root with `textContent` only, so nothing a feed says can become markup on the host page.
 */
export function embedScript(origin: string): string {
  return `/* Orrery <orrery-pulse> widget. Usage: <script src="${origin}/embed.js" async></script><orrery-pulse limit="3"></orrery-pulse> */
(() => {
  'use strict';
  if (typeof customElements === 'undefined' || customElements.get('orrery-pulse')) return;
  const script = document.currentScript;
  const HOME = script && script.src ? new URL(script.src).origin : ${JSON.stringify(origin)};
  const FAMILIES = ${JSON.stringify(FAMILY_COLORS)};
  const LABELS = ${JSON.stringify(FAMILY_LABELS)};
  const CSS = ':host{display:block;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--orrery-fg,#1d2330);background:var(--orrery-bg,#fff);border:1px solid var(--orrery-border,#e3e6ec);border-radius:10px;padding:12px 14px;max-width:420px}' +
    ':host([theme=dark]){--orrery-fg:#e7e9ee;--orrery-bg:#12151c;--orrery-border:#2a3040;--orrery-quiet:#9aa3b5}' +
    'h2{font-size:14px;margin:0 0 8px}a{color:inherit}.bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:#8881}' +
    '.quiet{color:var(--orrery-quiet,#5d6678);font-size:12px;margin:6px 0 0}ul{list-style:none;padding:0;margin:10px 0 0}' +
    'li{border-left:3px solid #888;padding-left:9px;margin:0 0 8px}li b{display:block;font-size:13px}li span{font-size:12px;color:var(--orrery-quiet,#5d6678)}';
  const el = (tag, props, ...children) => {
    const node = document.createElement(tag);
    if (props) for (const [k, v] of Object.entries(props)) {
      if (k === 'style') node.style.cssText = v; else if (k === 'text') node.textContent = v; else node.setAttribute(k, v);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  };
  const safeLink = (link) => {
    try { const u = new URL(link); return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null; } catch { return null; }
  };
  const getJson = (url) => fetch(url, { credentials: 'omit' }).then((r) => (r.ok ? r.json() : null)).catch(() => null);

  class OrreryPulse extends HTMLElement {
    static get observedAttributes() { return ['limit', 'src', 'theme']; }
    constructor() { super(); this.attachShadow({ mode: 'open' }); }
    connectedCallback() {
      this.load();
      this.timer = setInterval(() => this.load(), 60000);
    }
    disconnectedCallback() { clearInterval(this.timer); }
    attributeChangedCallback() { if (this.isConnected) this.load(); }
    async load() {
      const home = (this.getAttribute('src') || HOME).replace(/\\/+$/, '');
      const limit = Math.min(10, Math.max(0, Number.parseInt(this.getAttribute('limit') || '3', 10) || 0));
      const [pulse, feed] = await Promise.all([
        getJson(home + '/api/trajectory/collective-pulse?window=24h'),
        limit > 0 ? getJson(home + '/api/mood/discovery-feed?limit=' + (limit + 2)) : Promise.resolve(null),
      ]);
      this.draw(home, pulse, feed ? feed.cards.filter((c) => c.kind !== 'pulse').slice(0, limit) : []);
    }
    draw(home, pulse, cards) {
      const root = this.shadowRoot;
      root.replaceChildren(el('style', { text: CSS }));
      root.append(el('h2', null, el('a', { href: home + '/pulse', target: '_blank', rel: 'noopener noreferrer', text: 'Orrery · the collective pulse' })));
      if (pulse && pulse.participants >= 5) {
        const bar = el('div', { class: 'bar', role: 'img', 'aria-label': 'Mood families over the last 24 hours' });
        for (const f of pulse.families) {
          bar.append(el('span', { title: (LABELS[f.id] || 'Other') + ' ' + Math.round(f.share * 100) + '%', style: 'display:block;height:100%;width:' + (Math.max(0, Math.min(1, f.share)) * 100).toFixed(2) + '%;background:' + (FAMILIES[f.id] || '#888') }));
        }
        root.append(bar, el('p', { class: 'quiet', text: pulse.participants + ' people · last 24 hours' }));
      } else {
        root.append(el('p', { class: 'quiet', text: 'The pulse appears once at least five people have checked in today.' }));
      }
      if (cards.length > 0) {
        const list = el('ul');
        for (const card of cards) {
          const href = card.link ? safeLink(card.link) : null;
          const title = href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer', text: card.title }) : document.createTextNode(card.title);
          list.append(el('li', { style: 'border-left-color:' + (/^#[0-9a-f]{6}$/i.test(card.color) ? card.color : '#888') }, el('b', null, title), el('span', { text: card.body })));
        }
        root.append(list);
      }
      root.append(el('p', { class: 'quiet', text: 'For philosophical exploration only. Not advice of any kind.' }));
    }
  }
  customElements.define('orrery-pulse', OrreryPulse);
})();
`;
}

export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
