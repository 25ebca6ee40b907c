import './styles.css';
import { familyOf, loadAtlas, moodOf } from './atlas.ts';
import { type ConnectionState, LiveCosmos, MAX_OBJECTS, type RemovalReason } from './cosmos-live.ts';
import type { CosmosScene } from './cosmos-scene.ts';
import { byId, h, show } from './dom.ts';
import { dateTime } from './format.ts';
import { showRegionProblem } from './forms.ts';
import { boot } from './session.ts';
import type { Atlas, CosmosObject, CosmosObjectType } from './types.ts';

const TYPE_LABELS: Readonly<Record<CosmosObjectType, string>> = {
  billboard: 'Billboard',
  event: 'Event',
  notification: 'Notification',
  content_node: 'Content node',
};
const FALLBACK_COLOR = '#a7adb7';
const CONNECTION_TEXT: Readonly<Record<ConnectionState, string>> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};
/** Spawns arriving this close together are announced as one message. */
const ANNOUNCE_BATCH_MS = 1200;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const shortFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function fromNow(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (Math.abs(seconds) < 60) return relative.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

class CosmosPage {
  private readonly list = byId<HTMLUListElement>('cosmos-list');
  private readonly items = new Map<string, HTMLLIElement>();
  private readonly detail = byId('cosmos-detail');
  private readonly announcer = byId('cosmos-announcer');
  private readonly live: LiveCosmos;
  private scene: CosmosScene | null = null;
  private selected: string | null = null;
  private pending: CosmosObject[] = [];
  private announceTimer = 0;
  private expiresLine: HTMLElement | null = null;

  constructor(private readonly atlas: Atlas | null) {
    this.live = new LiveCosmos({
      added: (object, fromStream) => this.added(object, fromStream),
      removed: (objectId, reason) => this.removed(objectId, reason),
      connection: (state) => this.connection(state),
      problem: (error) => {
        show(byId('loading'), false);
        showRegionProblem(byId('cosmos-status'), error, 'The objects could not be loaded.');
      },
    });
  }

  color(object: CosmosObject): string {
    if (this.atlas === null) return FALLBACK_COLOR;
    const mood = moodOf(this.atlas, object.moodTarget);
    return (mood && familyOf(this.atlas, mood.family)?.color) ?? FALLBACK_COLOR;
  }

  private layerLabel(layer: number): string {
    const label = this.atlas?.layers.find((l) => l.index === layer)?.label;
    return label ? `Layer ${layer} · ${label}` : `Layer ${layer}`;
  }

  private moodText(object: CosmosObject): string {
    const mood = this.atlas ? moodOf(this.atlas, object.moodTarget) : undefined;
    if (mood === undefined || this.atlas === null) return object.moodTarget;
    return `${mood.label}, in the ${familyOf(this.atlas, mood.family)?.label ?? mood.family} family`;
  }

  attachScene(scene: CosmosScene): void {
    this.scene = scene;
    for (const id of this.items.keys()) {
      const object = this.live.get(id);
      if (object) scene.add(object, this.color(object));
    }
  }

  start(): void {
    this.live.start();
    window.setInterval(() => this.tick(), 1000);
    this.renderDetail();
  }

  private tick(): void {
    this.scene?.age((id) => this.live.remaining(id));
    this.updateExpiry();
  }

  private connection(state: ConnectionState): void {
    const el = byId('cosmos-connection');
    el.dataset.state = state;
    el.textContent = CONNECTION_TEXT[state];
    // 'reconnecting' means the listing was read at least once.
    if (state !== 'connecting') show(byId('loading'), false);
    if (state === 'live') byId('cosmos-status').replaceChildren();
  }

  private added(object: CosmosObject, fromStream: boolean): void {
    show(byId('loading'), false);
    const color = this.color(object);
    // Its ring and fade catch up on the next tick (within a second).
    this.scene?.add(object, color);
    const item = this.listItem(object, color);
    // Newest first: above the first item created before it.
    const created = Date.parse(object.createdAt);
    let before: HTMLLIElement | null = null;
    for (const li of this.list.children) {
      if (Number((li as HTMLLIElement).dataset.created) <= created) {
        before = li as HTMLLIElement;
        break;
      }
    }
    this.list.insertBefore(item, before);
    this.items.set(object.objectId, item);
    this.updateCount();
    if (fromStream) this.announce(object);
  }

  private removed(objectId: string, reason: RemovalReason): void {
    this.scene?.remove(objectId);
    this.items.get(objectId)?.remove();
    this.items.delete(objectId);
    this.updateCount();
    if (this.selected === objectId) {
      this.selected = null;
      this.renderDetail(reason === 'expired' ? 'It has expired and left the cosmos.' : undefined);
    }
  }

  private listItem(object: CosmosObject, color: string): HTMLLIElement {
    const expiry =
      object.expiresAt === null ? 'persistent' : `until ${shortFormat.format(new Date(object.expiresAt))}`;
    const button = h(
      'button',
      {
        type: 'button',
        class: 'object-button',
        on: { click: () => this.select(object.objectId, true) },
      },
      h('span', { class: `object-icon icon-${object.type}`, 'aria-hidden': 'true' }),
      h('span', { class: 'object-title' }, object.title),
      h(
        'span',
        { class: 'object-meta' },
        `${TYPE_LABELS[object.type]} · ${this.layerLabel(object.layerTarget)} · `,
        h('code', {}, object.position),
        ` · ${expiry}`,
      ),
    );
    return h(
      'li',
      {
        'data-object-id': object.objectId,
        'data-type': object.type,
        'data-layer': object.layerTarget,
        'data-position': object.position,
        'data-created': Date.parse(object.createdAt),
        css: { '--family': color },
      },
      button,
    );
  }

  private updateCount(): void {
    const count = this.live.size;
    byId('cosmos-count').textContent = `(${count})`;
    show(byId('cosmos-empty'), count === 0);
    show(byId('cosmos-truncated'), this.live.truncated || count >= MAX_OBJECTS);
    byId('cosmos-canvas').setAttribute(
      'aria-label',
      `The cosmos in 3-D: ${count} ${count === 1 ? 'object' : 'objects'} in seven nested layers. The list of objects has each of them.`,
    );
  }

  private announce(object: CosmosObject): void {
    this.pending.push(object);
    if (this.announceTimer !== 0) return;
    this.announceTimer = window.setTimeout(() => {
      const batch = this.pending;
      this.pending = [];
      this.announceTimer = 0;
      const last = batch.at(-1);
      if (last === undefined) return;
      this.announcer.textContent =
        batch.length === 1
          ? `New ${TYPE_LABELS[last.type].toLowerCase()} in ${this.layerLabel(last.layerTarget)}: ${last.title}.`
          : `${batch.length} new objects in the cosmos, the latest: ${last.title}.`;
    }, ANNOUNCE_BATCH_MS);
  }

  /** `fromList`: the panel is scrolled into view when it is off screen (on a phone it sits above). */
  select(objectId: string | null, fromList = false): void {
    const previous = this.selected === null ? undefined : this.items.get(this.selected);
    previous?.querySelector('button')?.removeAttribute('aria-current');
    this.selected = objectId !== null && this.live.get(objectId) ? objectId : null;
    this.scene?.select(this.selected);
    const current = this.selected === null ? undefined : this.items.get(this.selected);
    current?.querySelector('button')?.setAttribute('aria-current', 'true');
    this.renderDetail();
    if (fromList && this.selected !== null) {
      const box = this.detail.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight - 80) {
        this.detail.scrollIntoView({ block: 'start', behavior: this.motion() ? 'smooth' : 'auto' });
      }
    }
  }

  private motion(): boolean {
    return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  private renderDetail(note?: string): void {
    const object = this.selected === null ? undefined : this.live.get(this.selected);
    this.expiresLine = null;
    if (object === undefined) {
      this.detail.replaceChildren(
        h('h2', { id: 'detail-title' }, 'Nothing chosen'),
        ...(note ? [h('p', { class: 'state' }, note)] : []),
        h(
          'p',
          { class: 'hint' },
          'Choose an object in the view or in the list to read its title, description and expiry.',
        ),
      );
      return;
    }
    const color = this.color(object);
    this.expiresLine = h('dd', { 'data-expires': object.expiresAt ?? '' });
    const close = h('button', { type: 'button', class: 'ghost' }, 'Clear the choice');
    close.addEventListener('click', () => {
      const li = this.items.get(object.objectId);
      this.select(null);
      li?.querySelector('button')?.focus();
    });
    this.detail.replaceChildren(
      h(
        'p',
        { class: 'detail-type', css: { '--family': color } },
        h('span', { class: `object-icon icon-${object.type}`, 'aria-hidden': 'true' }),
        TYPE_LABELS[object.type],
      ),
      h('h2', { id: 'detail-title' }, object.title),
      object.description === ''
        ? h('p', { class: 'empty' }, 'No description.')
        : h('p', { class: 'detail-description' }, object.description),
      h(
        'dl',
        { class: 'key-details' },
        h('dt', {}, 'Expires'),
        this.expiresLine,
        h('dt', {}, 'Mood'),
        h('dd', {}, this.moodText(object)),
        h('dt', {}, 'Layer'),
        h('dd', {}, this.layerLabel(object.layerTarget)),
        h('dt', {}, 'Position'),
        h('dd', {}, h('code', {}, object.position)),
        h('dt', {}, 'Spawned'),
        h('dd', {}, dateTime(object.createdAt)),
      ),
      close,
    );
    this.updateExpiry();
  }

  private updateExpiry(): void {
    const line = this.expiresLine;
    if (line === null) return;
    const expiresAt = line.dataset.expires ?? '';
    if (expiresAt === '') {
      line.textContent = 'Never: a persistent content node.';
      return;
    }
    line.textContent = `${dateTime(expiresAt)} (${fromNow(Date.parse(expiresAt) - this.live.now())})`;
  }
}

function setUpMotion(scene: CosmosScene): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  const button = byId<HTMLButtonElement>('cosmos-rotate');
  const sync = () => {
    button.setAttribute('aria-pressed', String(scene.isRotating));
  };
  scene.setMotion(!reduce.matches);
  scene.setRotating(!reduce.matches);
  reduce.addEventListener('change', () => {
    scene.setMotion(!reduce.matches);
    if (reduce.matches) scene.setRotating(false);
    sync();
  });
  button.addEventListener('click', () => {
    scene.setRotating(!scene.isRotating);
    sync();
  });
  show(button, true);
  sync();
}

/** The 3-D view, loaded on its own (three.js is most of the page's weight); the list works without it. */
async function createScene(page: CosmosPage): Promise<void> {
  const canvas = byId<HTMLCanvasElement>('cosmos-canvas');
  let scene: CosmosScene | null = null;
  try {
    const { CosmosScene, webglAvailable } = await import('./cosmos-scene.ts');
    if (webglAvailable()) {
      scene = new CosmosScene(canvas, {
        motion: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
        onPick: (objectId) => page.select(objectId),
      });
    }
  } catch {
    // No WebGL context after all, or the view's script did not load: the fallback below.
    scene = null;
  }
  if (scene === null) {
    byId('cosmos-scene').dataset.webgl = 'off';
    show(byId('cosmos-scene'), false);
    show(byId('cosmos-help'), false);
    show(byId('cosmos-nogl'), true);
    return;
  }
  byId('cosmos-scene').dataset.webgl = 'on';
  canvas.addEventListener('webglcontextlost', () => show(byId('cosmos-lost'), true));
  canvas.addEventListener('webglcontextrestored', () => show(byId('cosmos-lost'), false));
  setUpMotion(scene);
  page.attachScene(scene);
}

async function main(): Promise<void> {
  void boot();
  let atlas: Atlas | null = null;
  try {
    atlas = await loadAtlas();
  } catch (error) {
    // Without the Atlas every object is still shown, only without its family's colour.
    showRegionProblem(
      byId('cosmos-atlas-status'),
      error,
      'The Atlas could not be loaded; colours are missing.',
    );
  }
  if (atlas !== null) {
    byId('cosmos-families').replaceChildren(
      ...atlas.families.map((family) =>
        h(
          'li',
          { css: { '--family': family.color } },
          h('span', { class: 'swatch', 'aria-hidden': 'true' }),
          family.label,
        ),
      ),
    );
  }
  const page = new CosmosPage(atlas);
  page.start();
  await createScene(page);
}

main().catch((error: unknown) => {
  show(byId('loading'), false);
  showRegionProblem(byId('cosmos-status'), error, 'The cosmos could not be shown.');
});
