/**
 * The code of one kind of modal (Radix's dialog with its focus trap and scroll lock, 13 kB gzip, and the modal's
 * own), fetched once. A failed fetch is forgotten, so the next asking fetches again.
 */
export interface ModalCode<T> {
  loaded: T | null;
  load(): Promise<T>;
}

export function modalCode<T>(fetchCode: () => Promise<T>): ModalCode<T> {
  let pending: Promise<T> | null = null;
  const code: ModalCode<T> = {
    loaded: null,
    load() {
      pending ??= fetchCode().then(
        (value) => (code.loaded = value),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return code;
}

/** What a person does before opening any modal: point, touch, type or move focus. */
const FIRST_INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'focusin'] as const;
const waitingForInteraction = new Set<ModalCode<unknown>>();
let interacted = false;

// Only fetching ahead: if it fails (a dropped connection), opening the modal asks again.
const fetchAhead = (code: ModalCode<unknown>) => void code.load().catch(() => undefined);

function onFirstInteraction() {
  interacted = true;
  for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, onFirstInteraction, true);
  for (const code of waitingForInteraction) fetchAhead(code);
  waitingForInteraction.clear();
}

/** Fetches the code at the person's first interaction with the page, or now if that has been. */
export function fetchOnFirstInteraction(code: ModalCode<unknown>): void {
  if (code.loaded) return;
  if (interacted) {
    fetchAhead(code);
    return;
  }
  if (waitingForInteraction.size === 0) {
    for (const type of FIRST_INTERACTIONS) {
      window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
    }
  }
  waitingForInteraction.add(code);
}
