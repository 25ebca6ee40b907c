import './styles.css';
import { api, get, post } from './api.ts';
import { byId, h, show } from './dom.ts';
import { dateTime } from './format.ts';
import { busy, clearProblem, onSubmit, showRegionProblem, text } from './forms.ts';
import { boot } from './session.ts';
import type { WebhookDelivery, WebhookEndpoint } from './types.ts';

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed, will retry',
  exhausted: 'Gave up',
};

const path = (endpoint: WebhookEndpoint, rest = '') =>
  `/api/webhooks/${encodeURIComponent(endpoint.id)}${rest}`;

// ---------------------------------------------------------------- the secret, shown once

function showSecret(secret: string, intro: string): void {
  const panel = byId('new-secret');
  byId('new-secret-intro').textContent = intro;
  byId('raw-secret').textContent = secret;
  byId('copy-status').textContent = '';
  show(panel, true);
  panel.focus();
}

function wireSecretPanel(): void {
  byId('copy-secret').addEventListener('click', async () => {
    const raw = byId('raw-secret').textContent ?? '';
    const status = byId('copy-status');
    try {
      await navigator.clipboard.writeText(raw);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(byId('raw-secret'));
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      status.textContent =
        'The clipboard is not available here: the secret is selected, copy it with Ctrl+C or ⌘C.';
    }
  });
  byId('dismiss-secret').addEventListener('click', () => {
    byId('raw-secret').textContent = '';
    show(byId('new-secret'), false);
    byId('endpoints-title').focus();
  });
}

// ---------------------------------------------------------------- deliveries

function deliveryRow(
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  status: HTMLElement,
): HTMLTableRowElement {
  const retry = h('button', { type: 'button', class: 'ghost' }, 'Retry');
  retry.addEventListener('click', () => {
    void busy(retry, async () => {
      try {
        await post(path(endpoint, `/deliveries/${encodeURIComponent(delivery.id)}/retry`));
        status.textContent = `One more attempt of ${delivery.eventType} is on its way.`;
      } catch (error) {
        showRegionProblem(status, error, 'The retry was refused.');
      }
    });
  });
  const last =
    delivery.lastStatusCode === null && delivery.lastError === null
      ? '—'
      : h(
          'span',
          {},
          delivery.lastStatusCode === null ? 'no answer' : `HTTP ${delivery.lastStatusCode}`,
          delivery.lastError === null
            ? null
            : h(
                'details',
                {},
                h('summary', {}, 'Response'),
                h('pre', { class: 'response' }, delivery.lastError),
              ),
        );
  return h(
    'tr',
    { 'data-delivery-id': delivery.id, 'data-status': delivery.status },
    h('td', { 'data-label': 'When' }, dateTime(delivery.createdAt)),
    h('td', { 'data-label': 'Event' }, h('code', {}, delivery.eventType)),
    h('td', { 'data-label': 'Status' }, STATUS_WORDS[delivery.status]),
    h('td', { class: 'num', 'data-label': 'Attempts' }, delivery.attempts),
    h('td', { 'data-label': 'Last response' }, last),
    h(
      'td',
      { 'data-label': 'Next attempt' },
      delivery.status === 'pending' || delivery.status === 'failed' ? dateTime(delivery.nextAttemptAt) : '—',
    ),
    h('td', { 'data-label': 'Actions' }, retry),
  );
}

function deliveriesPanel(
  endpoint: WebhookEndpoint,
  status: HTMLElement,
): { panel: HTMLElement; load: () => Promise<void> } {
  const body = h('tbody', {});
  const more = h('button', { type: 'button', class: 'ghost', hidden: true }, 'Load older deliveries');
  const note = h('p', { class: 'status', role: 'status' });
  let cursor: string | null = null;
  const load = async (reset = true) => {
    if (reset) cursor = null;
    const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    try {
      const page = await get<{ deliveries: WebhookDelivery[]; nextCursor: string | null }>(
        path(endpoint, `/deliveries?limit=20${query}`),
      );
      const rows = page.deliveries.map((d) => deliveryRow(endpoint, d, status));
      if (reset) body.replaceChildren(...rows);
      else body.append(...rows);
      cursor = page.nextCursor;
      more.hidden = cursor === null;
      note.textContent = body.children.length === 0 ? 'No deliveries yet. Send a test.' : '';
    } catch (error) {
      showRegionProblem(note, error, 'The deliveries could not be loaded.');
    }
  };
  more.addEventListener('click', () => void busy(more, () => load(false)));
  const refresh = h('button', { type: 'button', class: 'ghost' }, 'Refresh');
  refresh.addEventListener('click', () => void busy(refresh, () => load(true)));
  const panel = h(
    'div',
    { class: 'deliveries', hidden: true },
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, 'aria-label': `Deliveries to ${endpoint.url}` },
      h(
        'table',
        { class: 'stack' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['When', 'Event', 'Status', 'Attempts', 'Last response', 'Next attempt', 'Actions'].map(
              (label) => h('th', { scope: 'col', class: label === 'Attempts' ? 'num' : null }, label),
            ),
          ),
        ),
        body,
      ),
    ),
    note,
    h('div', { class: 'key-actions' }, refresh, more),
  );
  return { panel, load: () => load(true) };
}

// ---------------------------------------------------------------- endpoints

/** A destructive action that takes a second, deliberate press. */
function twoPress(
  label: string,
  confirmLabel: string,
  status: HTMLElement,
  action: () => Promise<void>,
): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'danger' }, label);
  let armed: number | undefined;
  button.addEventListener('click', () => {
    if (armed === undefined) {
      button.textContent = confirmLabel;
      status.textContent = `Press “${confirmLabel}” to confirm.`;
      armed = window.setTimeout(() => {
        armed = undefined;
        button.textContent = label;
      }, 6000);
      return;
    }
    window.clearTimeout(armed);
    armed = undefined;
    button.textContent = label;
    void busy(button, action);
  });
  return button;
}

function endpointItem(endpoint: WebhookEndpoint): HTMLLIElement {
  const status = h('div', { class: 'status', role: 'status' });
  const deliveries = deliveriesPanel(endpoint, status);
  const toggle = h('button', { type: 'button', class: 'ghost', 'aria-expanded': 'false' }, 'Deliveries');
  toggle.addEventListener('click', () => {
    const open = deliveries.panel.hidden;
    deliveries.panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) void deliveries.load();
  });

  const test = h('button', { type: 'button' }, 'Send a test');
  test.addEventListener('click', () => {
    void busy(test, async () => {
      try {
        await post(path(endpoint, '/test'));
        status.textContent = 'A webhook.test event is on its way.';
        deliveries.panel.hidden = false;
        toggle.setAttribute('aria-expanded', 'true');
        await deliveries.load();
      } catch (error) {
        showRegionProblem(status, error, 'The test could not be sent.');
      }
    });
  });

  const rotate = twoPress('Rotate secret', 'Press again to rotate', status, async () => {
    try {
      const { secret } = await post<{ secret: string }>(path(endpoint, '/rotate-secret'));
      status.textContent = '';
      showSecret(
        secret,
        `A new secret for ${endpoint.url}. For 24 hours requests carry signatures of both secrets.`,
      );
    } catch (error) {
      showRegionProblem(status, error, 'The secret could not be rotated.');
    }
  });

  const remove = twoPress('Delete', 'Press again to delete', status, async () => {
    try {
      await api('DELETE', path(endpoint));
      byId('endpoints-status').textContent = `${endpoint.url} was deleted; nothing more is sent to it.`;
      await loadEndpoints();
    } catch (error) {
      showRegionProblem(status, error, 'The endpoint could not be deleted.');
    }
  });

  const actions = h('div', { class: 'key-actions' });
  if (!endpoint.enabled) {
    const enable = h('button', { type: 'button' }, 'Enable again');
    enable.addEventListener('click', () => {
      void busy(enable, async () => {
        try {
          await post(path(endpoint, '/enable'));
          byId('endpoints-status').textContent = `${endpoint.url} is enabled again.`;
          await loadEndpoints();
        } catch (error) {
          showRegionProblem(status, error, 'The endpoint could not be enabled.');
        }
      });
    });
    actions.append(enable);
  } else {
    actions.append(test);
  }
  actions.append(toggle, rotate, remove);

  return h(
    'li',
    { class: `key-item endpoint${endpoint.enabled ? '' : ' inactive'}`, 'data-endpoint-id': endpoint.id },
    h(
      'div',
      { class: 'key-head' },
      h('h3', {}, h('code', {}, endpoint.url)),
      h(
        'span',
        { class: `badge${endpoint.enabled ? ' live' : ''}` },
        endpoint.enabled ? 'Enabled' : 'Disabled',
      ),
    ),
    endpoint.enabled
      ? null
      : h(
          'p',
          { class: 'warning' },
          `Disabled ${dateTime(endpoint.disabledAt)}: its deliveries kept failing for days, so Orrery stopped sending to it. Fix the receiver, then enable it again.`,
        ),
    h(
      'dl',
      { class: 'key-details' },
      h('dt', {}, 'Events'),
      h('dd', {}, endpoint.events.join(', ')),
      ...(endpoint.description === '' ? [] : [h('dt', {}, 'Description'), h('dd', {}, endpoint.description)]),
      h('dt', {}, 'Added'),
      h('dd', {}, dateTime(endpoint.createdAt)),
    ),
    actions,
    status,
    deliveries.panel,
  );
}

async function loadEndpoints(): Promise<void> {
  const list = byId('endpoints');
  try {
    const { endpoints } = await get<{ endpoints: WebhookEndpoint[] }>('/api/webhooks');
    list.replaceChildren(...endpoints.map(endpointItem));
    if (endpoints.length === 0) list.replaceChildren(h('li', { class: 'empty' }, 'No endpoints yet.'));
  } catch (error) {
    showRegionProblem(byId('endpoints-status'), error, 'The endpoints could not be loaded.');
  }
}

function wireEndpointForm(): void {
  const form = byId<HTMLFormElement>('endpoint-form');
  onSubmit(form, async (data) => {
    const body: Record<string, unknown> = { url: text(data, 'url'), events: data.getAll('events') };
    const description = text(data, 'description');
    if (description !== '') body.description = description;
    const created = await post<{ endpoint: WebhookEndpoint; secret: string }>('/api/webhooks', body);
    form.reset();
    clearProblem(form);
    showSecret(created.secret, `The endpoint ${created.endpoint.url} was added. Its signing secret:`);
    await loadEndpoints();
  });
}

async function main(): Promise<void> {
  const user = await boot();
  show(byId('loading'), false);
  if (user === null) {
    show(byId('signed-out'), true);
    return;
  }
  wireSecretPanel();
  wireEndpointForm();
  show(byId('webhooks-page'), true);
  await loadEndpoints();
}

main().catch((error: unknown) => {
  show(byId('loading'), false);
  const region = h('div', {});
  byId('main').append(region);
  showRegionProblem(region, error, 'The page could not start.');
});
