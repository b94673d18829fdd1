import { createContext } from 'react';

/**
 * The place in the header where a page puts its own buttons (the dashboard's panels on a phone); null until the
 * header has mounted, or on pages whose layout has no such place.
 */
export const HeaderSlotContext = createContext<HTMLElement | null>(null);
