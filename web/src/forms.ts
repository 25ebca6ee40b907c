import { ApiError, type FieldError } from './api.ts';
import { h } from './dom.ts';

/**
 * Problem details shown in words: the `detail` in the form's alert region, and each entry of
 * `errors` next to the control it names (`/email` → the control named `email`; `/scopes/1` → the
 * `scopes` group), linked with aria-describedby and marked aria-invalid. Errors that name no
 * control on the form are listed under the detail, so nothing is dropped.
 */

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'client', error instanceof Error ? error.message : String(error));
}

function fieldName(path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  if ((parts[0] === 'query' || parts[0] === 'params' || parts[0] === 'headers') && parts[1]) return parts[1];
  return parts[0] ?? '';
}

function findControl(
  form: HTMLFormElement,
  name: string,
): { control: HTMLElement; host: HTMLElement } | null {
  if (name === '') return null;
  const group = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
  if (group) {
    const control = group.querySelector<HTMLElement>('input, select, textarea') ?? group;
    return { control, host: group };
  }
  const item = form.elements.namedItem(name);
  const control = item instanceof RadioNodeList ? (item[0] as HTMLElement | undefined) : item;
  if (!(control instanceof HTMLElement)) return null;
  return { control, host: control.closest<HTMLElement>('.field') ?? control.parentElement ?? form };
}

function alertRegion(form: HTMLFormElement): HTMLElement {
  let region = form.querySelector<HTMLElement>('.form-error');
  if (region === null) {
    region = h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true });
    form.prepend(region);
  }
  return region;
}

export function clearProblem(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll('.field-error')) el.remove();
  for (const el of form.querySelectorAll<HTMLElement>('[aria-invalid]')) {
    el.removeAttribute('aria-invalid');
    const original = el.dataset.describedby;
    if (original === undefined || original === '') el.removeAttribute('aria-describedby');
    else el.setAttribute('aria-describedby', original);
    delete el.dataset.describedby;
  }
  const region = alertRegion(form);
  region.replaceChildren();
  region.hidden = true;
}

let errorSeq = 0;

export function showProblem(form: HTMLFormElement, error: unknown): void {
  clearProblem(form);
  const problem = asApiError(error);
  const unplaced: FieldError[] = [];
  let first: HTMLElement | null = null;
  for (const fieldError of problem.errors) {
    const found = findControl(form, fieldName(fieldError.path));
    if (found === null) {
      unplaced.push(fieldError);
      continue;
    }
    const id = `field-error-${++errorSeq}`;
    found.host.append(h('p', { class: 'field-error', id }, fieldError.message));
    const { control } = found;
    if (!control.hasAttribute('aria-invalid')) {
      control.dataset.describedby = control.getAttribute('aria-describedby') ?? '';
    }
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute(
      'aria-describedby',
      `${control.getAttribute('aria-describedby') ?? ''} ${id}`.trim(),
    );
    first ??= control;
  }
  const region = alertRegion(form);
  region.append(h('p', {}, problem.detail));
  if (unplaced.length > 0) {
    region.append(h('ul', {}, ...unplaced.map((e) => h('li', {}, `${e.path || 'request'}: ${e.message}`))));
  }
  region.hidden = false;
  (first ?? region).focus();
}

/** A problem outside a form (a list that failed to load), shown in words in `region`. */
export function showRegionProblem(region: HTMLElement, error: unknown, prefix?: string): void {
  const problem = asApiError(error);
  region.replaceChildren(
    h('p', { class: 'problem', role: 'alert' }, prefix ? `${prefix} ${problem.detail}` : problem.detail),
  );
}

/** Runs `action` with `button` disabled, so a double click cannot submit twice. */
export async function busy<T>(button: HTMLButtonElement | null, action: () => Promise<T>): Promise<T> {
  if (button) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
  }
  try {
    return await action();
  } finally {
    if (button) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }
}

/** Wires a form: submit → clear old problems → action; a thrown error is shown on the form. */
export function onSubmit(form: HTMLFormElement, action: (data: FormData) => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
    clearProblem(form);
    void busy(button, async () => {
      try {
        await action(new FormData(form));
      } catch (error) {
        showProblem(form, error);
      }
    });
  });
}

export function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
