import {
  AdditiveBlending,
  AmbientLight,
  BufferGeometry,
  CanvasTexture,
  Color,
  DirectionalLight,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineLoop,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  OctahedronGeometry,
  PerspectiveCamera,
  PointLight,
  Points,
  PointsMaterial,
  Raycaster,
  RingGeometry,
  Scene,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
  SRGBColorSpace,
  Vector2,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { BILLBOARD_CENTER_Y, BILLBOARD_HEIGHT, FOV, frameDistance, VIEW_FROM } from './cosmos-camera.ts';
import type { CosmosObject } from './types.ts';

/**
 * The cosmos in three.js: seven nested translucent shells (layer 0 outermost) and one figure per
 * live object at its coordinates. The shell radii mirror src/domains/cosmos/placement.ts
 * (OUTER_RADIUS 7, one unit per layer), so the service's coordinates are scene units as they are.
 */
export const LAYER_COUNT = 7;
const OUTER_RADIUS = 7;
const LAYER_SPACING = 1;
const SURFACE_COLOR = new Color('#7aa2ff');
const CORE_COLOR = new Color('#f0a8ff');
/** An event's ring is redrawn when its remaining share moved this much (a 64-segment circle). */
const RING_STEP = 1 / 256;

export interface SceneOptions {
  /** Called with the object id a click landed on (null: empty space). */
  onPick(objectId: string | null): void;
  /** Whether the view may move by itself (auto-rotation, spinning crystals). */
  motion: boolean;
}

interface Figure {
  object: CosmosObject;
  group: Group;
  /** Meshes and sprites a click may hit. */
  pickables: Object3D[];
  /** Everything to dispose of when the figure leaves. */
  disposables: { dispose(): void }[];
  /** Faces the camera every frame (an event's ring, the selection halo). */
  facing: Object3D | null;
  ring?: { mesh: Mesh; share: number };
  fading?: Material[];
  spin?: Object3D;
}

function shellColor(layer: number): Color {
  return SURFACE_COLOR.clone().lerp(CORE_COLOR, layer / (LAYER_COUNT - 1));
}

/** A circle of `radius` around the origin in the plane normal to `axis`, as a line loop's points. */
function circle(radius: number, axis: 'x' | 'y', segments = 96): BufferGeometry {
  const points: number[] = [];
  for (let i = 0; i < segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const u = Math.cos(a) * radius;
    const v = Math.sin(a) * radius;
    if (axis === 'y') points.push(u, 0, v);
    else points.push(0, u, v);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(points, 3));
  return geometry;
}

/** A deterministic scatter of faint stars far outside the shells (the same sky on every load). */
function stars(): Points {
  let seed = 0x2f6b1d;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const positions: number[] = [];
  for (let i = 0; i < 900; i++) {
    const u = random() * 2 - 1;
    const a = random() * Math.PI * 2;
    const r = 45 + random() * 40;
    const s = Math.sqrt(1 - u * u);
    positions.push(r * s * Math.cos(a), r * u, r * s * Math.sin(a));
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return new Points(
    geometry,
    new PointsMaterial({ color: '#c8d2ff', size: 0.18, transparent: true, opacity: 0.7, depthWrite: false }),
  );
}

/** A soft round glow (white; sprites tint it), drawn once on a 2-D canvas. */
function glowTexture(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const context = canvas.getContext('2d');
  if (context !== null) {
    const gradient = context.createRadialGradient(32, 32, 0, 32, 32, 32);
    gradient.addColorStop(0, 'rgba(255,255,255,1)');
    gradient.addColorStop(0.35, 'rgba(255,255,255,0.45)');
    gradient.addColorStop(1, 'rgba(255,255,255,0)');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 64, 64);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** Lines of at most `width` pixels in the context's font: two at most, the second ellipsized. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line === '' ? word : `${line} ${word}`;
    if (context.measureText(next).width <= width || line === '') {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line !== '') lines.push(line);
  const shown = lines.slice(0, 2);
  const last = shown.length - 1;
  if (last >= 0 && (lines.length > 2 || context.measureText(shown[last] ?? '').width > width)) {
    let cut = lines.slice(last).join(' ');
    while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
    shown[last] = `${cut.trimEnd()}…`;
  }
  return shown;
}

/** A billboard's face: its title on a dark panel edged in the family colour. */
function billboardTexture(title: string, color: string): { texture: CanvasTexture; aspect: number } {
  const width = 768;
  const height = 256;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context !== null) {
    context.fillStyle = 'rgba(13, 16, 32, 0.85)';
    context.strokeStyle = color;
    context.lineWidth = 10;
    context.beginPath();
    context.roundRect(8, 8, width - 16, height - 16, 28);
    context.fill();
    context.stroke();
    context.fillStyle = '#eef0f7';
    context.font = '650 64px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    const lines = wrap(context, title, width - 80);
    const lineHeight = 78;
    const top = height / 2 - ((lines.length - 1) * lineHeight) / 2;
    lines.forEach((line, i) => {
      context.fillText(line, width / 2, top + i * lineHeight + 3);
    });
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return { texture, aspect: width / height };
}

/** Whether this browser can give the page a WebGL 2 context (three.js needs one). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return canvas.getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

export class CosmosScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(FOV, 1, 0.1, 200);
  private readonly controls: OrbitControls;
  private readonly raycaster = new Raycaster();
  private readonly figures = new Map<string, Figure>();
  private readonly shared: { dispose(): void }[] = [];
  private readonly sphere = new SphereGeometry(1, 24, 16);
  private readonly crystal = new OctahedronGeometry(0.3);
  private readonly glow = glowTexture();
  private readonly halo: Mesh;
  private readonly resize: ResizeObserver;
  private selected: string | null = null;
  private motion: boolean;
  private rotating: boolean;
  private interacted = false;
  private frame = 0;
  private lastTime = 0;

  /** Throws when WebGL cannot be had (the caller shows its fallback). */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly options: SceneOptions,
  ) {
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: true,
      alpha: false,
      powerPreference: 'low-power',
    });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor('#070914');
    this.motion = options.motion;
    this.rotating = options.motion;

    this.camera.position.set(VIEW_FROM.x, VIEW_FROM.y, VIEW_FROM.z);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.08;
    this.controls.minDistance = 1.5;
    this.controls.maxDistance = 45;
    this.controls.autoRotateSpeed = 0.6;
    this.controls.autoRotate = this.rotating;
    this.controls.listenToKeyEvents(canvas);
    this.controls.addEventListener('start', () => {
      this.interacted = true;
    });

    this.scene.add(new AmbientLight('#ffffff', 0.65));
    const key = new DirectionalLight('#ffffff', 1.6);
    key.position.set(6, 10, 8);
    this.scene.add(key);
    const core = new PointLight('#f5c542', 12, 12, 1.5);
    this.scene.add(core);

    this.buildShells();
    const sky = stars();
    this.scene.add(sky);
    this.shared.push(sky.geometry, sky.material as Material, this.sphere, this.crystal, this.glow);

    const haloGeometry = new RingGeometry(0.4, 0.46, 64);
    const haloMaterial = new MeshBasicMaterial({
      color: '#ffffff',
      transparent: true,
      opacity: 0.9,
      side: DoubleSide,
      depthTest: false,
    });
    this.halo = new Mesh(haloGeometry, haloMaterial);
    this.halo.visible = false;
    this.halo.renderOrder = 20;
    this.scene.add(this.halo);
    this.shared.push(haloGeometry, haloMaterial);

    this.listenForClicks();
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(canvas.parentElement ?? canvas);
    this.fit();
    this.renderer.setAnimationLoop((time) => this.render(time));
  }

  private buildShells(): void {
    for (let layer = 0; layer < LAYER_COUNT; layer++) {
      const radius = OUTER_RADIUS - layer * LAYER_SPACING;
      const color = shellColor(layer);
      const material = new MeshBasicMaterial({
        color,
        transparent: true,
        opacity: 0.035 + layer * 0.012,
        side: DoubleSide,
        depthWrite: false,
      });
      const shell = new Mesh(this.sphere, material);
      shell.scale.setScalar(radius);
      shell.renderOrder = -layer;
      this.scene.add(shell);
      const lines = new LineBasicMaterial({ color, transparent: true, opacity: 0.22, depthWrite: false });
      this.shared.push(material, lines);
      // The equator and two meridians, turned so that neither is seen edge-on from the start.
      const equator = circle(radius, 'y');
      const meridian = circle(radius, 'x');
      this.shared.push(equator, meridian);
      this.scene.add(new LineLoop(equator, lines));
      for (const turn of [Math.PI / 4, -Math.PI / 4]) {
        const loop = new LineLoop(meridian, lines);
        loop.rotation.y = turn;
        this.scene.add(loop);
      }
    }
    const heart = new Mesh(
      this.sphere,
      new MeshBasicMaterial({ color: '#ffe6a6', transparent: true, opacity: 0.85 }),
    );
    heart.scale.setScalar(0.12);
    this.scene.add(heart);
    this.shared.push(heart.material as Material);
  }

  /** A click is a press and release without a drag; a drag turns the view instead. */
  private listenForClicks(): void {
    let down: { x: number; y: number } | null = null;
    this.canvas.addEventListener('pointerdown', (event) => {
      down = { x: event.clientX, y: event.clientY };
    });
    this.canvas.addEventListener('pointerup', (event) => {
      if (down === null) return;
      const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
      down = null;
      if (moved > 6) return;
      this.options.onPick(this.pick(event.clientX, event.clientY));
    });
    this.canvas.addEventListener('pointermove', (event) => {
      if (down !== null) return;
      this.canvas.classList.toggle('over-object', this.pick(event.clientX, event.clientY) !== null);
    });
  }

  private pick(clientX: number, clientY: number): string | null {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const ndc = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(ndc, this.camera);
    const pickables: Object3D[] = [];
    for (const figure of this.figures.values()) pickables.push(...figure.pickables);
    const hits = this.raycaster.intersectObjects(pickables, false);
    // Billboards draw over everything, so they win a click wherever they overlap another figure.
    const hit = hits.find((h) => h.object.userData.billboard === true) ?? hits[0];
    return (hit?.object.userData.objectId as string | undefined) ?? null;
  }

  /** Sizes the drawing buffer to the canvas box and, until the person moves the view, frames every shell. */
  private fit(): void {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === 0 || height === 0) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (!this.interacted) {
      this.camera.position.setLength(frameDistance(this.camera.aspect));
      this.controls.update();
    }
  }

  setMotion(motion: boolean): void {
    this.motion = motion;
  }

  setRotating(rotating: boolean): void {
    this.rotating = rotating;
    this.controls.autoRotate = rotating;
  }

  get isRotating(): boolean {
    return this.rotating;
  }

  add(object: CosmosObject, color: string): void {
    if (this.figures.has(object.objectId)) return;
    const group = new Group();
    const { x, y, z } = object.coordinates;
    group.position.set(x, y, z);
    const figure: Figure = { object, group, pickables: [], disposables: [], facing: null };
    const tint = new Color(color);

    switch (object.type) {
      case 'billboard': {
        const { texture, aspect } = billboardTexture(object.title, color);
        const material = new SpriteMaterial({ map: texture, transparent: true, depthTest: false });
        const sprite = new Sprite(material);
        sprite.scale.set(BILLBOARD_HEIGHT * aspect, BILLBOARD_HEIGHT, 1);
        // Above its anchor, so the dot marks where it is and the panel does not hide it.
        sprite.center.set(0.5, BILLBOARD_CENTER_Y);
        sprite.renderOrder = 10;
        const anchor = new Mesh(this.sphere, new MeshBasicMaterial({ color: tint }));
        anchor.scale.setScalar(0.08);
        sprite.userData = { objectId: object.objectId, billboard: true };
        anchor.userData = { objectId: object.objectId };
        group.add(sprite, anchor);
        figure.pickables.push(sprite, anchor);
        figure.disposables.push(texture, material, anchor.material as Material);
        break;
      }
      case 'event': {
        const nodeMaterial = new MeshStandardMaterial({
          color: tint,
          emissive: tint,
          emissiveIntensity: 0.55,
          roughness: 0.4,
        });
        const node = new Mesh(this.sphere, nodeMaterial);
        node.scale.setScalar(0.13);
        const face = new Group();
        const trackGeometry = new RingGeometry(0.22, 0.27, 64);
        const trackMaterial = new MeshBasicMaterial({
          color: tint,
          transparent: true,
          opacity: 0.18,
          side: DoubleSide,
          depthWrite: false,
        });
        const arcMaterial = new MeshBasicMaterial({ color: tint, side: DoubleSide });
        const arc = new Mesh(new RingGeometry(0.22, 0.27, 64, 1, Math.PI / 2, Math.PI * 2), arcMaterial);
        face.add(new Mesh(trackGeometry, trackMaterial), arc);
        group.add(node, face);
        figure.facing = face;
        figure.ring = { mesh: arc, share: 1 };
        figure.pickables.push(node, this.hitSphere(group, 0.3, object.objectId, figure));
        node.userData = { objectId: object.objectId };
        figure.disposables.push(nodeMaterial, trackGeometry, trackMaterial, arcMaterial, {
          dispose: () => arc.geometry.dispose(),
        });
        break;
      }
      case 'notification': {
        const orbMaterial = new MeshBasicMaterial({ color: tint, transparent: true, opacity: 1 });
        const orb = new Mesh(this.sphere, orbMaterial);
        orb.scale.setScalar(0.15);
        const glowMaterial = new SpriteMaterial({
          map: this.glow,
          color: tint,
          transparent: true,
          opacity: 0.8,
          depthWrite: false,
          blending: AdditiveBlending,
        });
        const glow = new Sprite(glowMaterial);
        glow.scale.setScalar(0.85);
        orb.userData = { objectId: object.objectId };
        group.add(glow, orb);
        figure.fading = [orbMaterial, glowMaterial];
        figure.pickables.push(orb, this.hitSphere(group, 0.28, object.objectId, figure));
        figure.disposables.push(orbMaterial, glowMaterial);
        break;
      }
      case 'content_node': {
        const material = new MeshStandardMaterial({
          color: tint,
          emissive: tint,
          emissiveIntensity: 0.3,
          roughness: 0.25,
          metalness: 0.15,
          flatShading: true,
          transparent: true,
          opacity: 0.92,
        });
        const crystal = new Mesh(this.crystal, material);
        crystal.scale.set(1, 1.45, 1);
        crystal.rotation.y = (object.coordinates.x + object.coordinates.z) * 3;
        crystal.userData = { objectId: object.objectId };
        group.add(crystal);
        figure.spin = crystal;
        figure.pickables.push(crystal);
        figure.disposables.push(material);
        break;
      }
    }
    this.figures.set(object.objectId, figure);
    this.scene.add(group);
  }

  /** An invisible sphere around a small figure, so it is easy to click. */
  private hitSphere(group: Group, radius: number, objectId: string, figure: Figure): Mesh {
    const material = new MeshBasicMaterial({ visible: false });
    const hit = new Mesh(this.sphere, material);
    hit.scale.setScalar(radius);
    hit.userData = { objectId };
    group.add(hit);
    figure.disposables.push(material);
    return hit;
  }

  remove(objectId: string): void {
    const figure = this.figures.get(objectId);
    if (figure === undefined) return;
    this.figures.delete(objectId);
    this.scene.remove(figure.group);
    for (const d of figure.disposables) d.dispose();
    if (this.selected === objectId) this.select(null);
  }

  select(objectId: string | null): void {
    this.selected = objectId !== null && this.figures.has(objectId) ? objectId : null;
    this.halo.visible = this.selected !== null;
  }

  /**
   * Updates what time changes: an event's ring is the share of its life left, a notification's
   * opacity falls with it. `remaining(id)` is 0..1.
   */
  age(remaining: (objectId: string) => number): void {
    for (const figure of this.figures.values()) {
      const share = remaining(figure.object.objectId);
      if (figure.ring && Math.abs(figure.ring.share - share) >= RING_STEP) {
        figure.ring.share = share;
        figure.ring.mesh.geometry.dispose();
        figure.ring.mesh.geometry = new RingGeometry(
          0.22,
          0.27,
          64,
          1,
          Math.PI / 2,
          Math.max(share, 0.001) * Math.PI * 2,
        );
      }
      if (figure.fading) {
        const opacity = 0.15 + 0.85 * share;
        const [orb, glow] = figure.fading;
        if (orb) orb.opacity = opacity;
        if (glow) glow.opacity = 0.8 * opacity;
      }
    }
  }

  private render(time: number): void {
    const delta = this.lastTime === 0 ? 0 : Math.min(0.1, (time - this.lastTime) / 1000);
    this.lastTime = time;
    this.controls.update(delta);
    for (const figure of this.figures.values()) {
      figure.facing?.quaternion.copy(this.camera.quaternion);
      if (this.motion && figure.spin) figure.spin.rotation.y += delta * 0.6;
    }
    const selected = this.selected === null ? undefined : this.figures.get(this.selected);
    if (selected !== undefined) {
      this.halo.position.copy(selected.group.position);
      this.halo.quaternion.copy(this.camera.quaternion);
      const pulse = this.motion ? 1 + Math.sin(time / 300) * 0.08 : 1;
      this.halo.scale.setScalar(pulse);
    }
    this.renderer.render(this.scene, this.camera);
    this.frame++;
    if (this.frame === 1) this.canvas.dataset.rendered = 'true';
  }

  dispose(): void {
    this.renderer.setAnimationLoop(null);
    this.resize.disconnect();
    for (const id of [...this.figures.keys()]) this.remove(id);
    for (const d of this.shared) d.dispose();
    this.controls.dispose();
    this.renderer.dispose();
  }
}
