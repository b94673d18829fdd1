import { useSyncExternalStore } from 'react';
import { isOnline, subscribeToConnectivity } from './connectivity.ts';

/** Whether the app can reach its server now; actions that need it are disabled while it cannot. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToConnectivity, isOnline, () => true);
}
