import { createContext, useContext } from 'react';

/** Whether the address has moved on to a screen whose code is still loading (the screen on show is the last one). */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}
