/** Leaves the app for another site (a provider's consent page); the browser keeps the app in its history. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
