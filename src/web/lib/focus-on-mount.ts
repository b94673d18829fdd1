/**
 * A ref that focuses its element when it is put in the page: what `autoFocus` means in React. Preact only writes the
 * `autofocus` attribute, which a browser honours once per page load, so the app focuses the element itself
 * (decision 180).
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
