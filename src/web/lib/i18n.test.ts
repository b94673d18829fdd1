import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the string loading, as a first visit has it (the test setup has loaded every part already). */
async function freshI18n() {
  vi.resetModules();
  const module = await import('./i18n.ts');
  await module.i18nReady;
  return module;
}

describe('strings loaded per screen', () => {
  it('gives the app’s screens their strings and the account menu’s, and only the account page the rest', async () => {
    const { i18n, loadScreenStrings } = await freshI18n();
    await loadScreenStrings('app');
    expect(i18n.t('dashboard:title')).toBe('Inbox');
    expect(i18n.t('userMenu:logout')).toBe('Logout');
    const accountPageOnly = ['auth', 'billing', 'account', 'notifications', 'digest'];
    for (const namespace of accountPageOnly)
      expect(i18n.hasResourceBundle('en', namespace), namespace).toBe(false);

    await loadScreenStrings('account');
    for (const namespace of accountPageOnly)
      expect(i18n.hasResourceBundle('en', namespace), namespace).toBe(true);
  });

  it('gives the sign-in pages neither the app’s strings nor the plans’', async () => {
    const { i18n, loadScreenStrings } = await freshI18n();
    await loadScreenStrings('auth');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'billing')).toBe(false);
  });
});
