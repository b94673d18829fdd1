/** The landing page's sections that the public header links to (SPEC §2). */
export const landingSectionIds = {
  features: 'features',
  workflow: 'workflow',
  faq: 'faq',
} as const;
