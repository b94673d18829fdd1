// React's API for the web app, from preact/compat (decision 180).
// @ts-expect-error -- compat's types say `export =`; the module itself is an ES module with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React Router's module imports React 19's useOptimistic, which preact/compat lacks, by name: the build needs the
 * export. Only its data router's RouterProvider calls it, which the app does not use (decision 183); React's answer
 * outside a transition is the value passed in. Setting an optimistic state would need transitions Preact does not
 * have: it fails loudly rather than show a state that is not there.
 */
export function useOptimistic<T>(passthrough: T): [T, (action: unknown) => void] {
  return [
    passthrough,
    () => {
      throw new Error(
        'useOptimistic: an optimistic state needs React transitions, which Preact does not have',
      );
    },
  ];
}
