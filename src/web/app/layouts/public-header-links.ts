import { buttonClassName } from '../../components/ui/button-class-name.ts';

/** Pricing and contact in the public header; on a phone they give way to the language and login buttons. */
export const headerLinkClassName = `${buttonClassName({ variant: 'ghost', size: 'sm' })} max-sm:hidden`;
/** The landing page's section links, on wide screens only. */
export const sectionLinkClassName = `${buttonClassName({ variant: 'ghost', size: 'sm' })} max-lg:hidden`;
