import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the string loading, as a first visit has it (the test setup has loaded every part already). */
async function freshI18n() {
  vi.resetModules();
  const module = await import('./i18n.ts');
  await module.i18nReady;
  return module;
}

describe('strings loaded per screen', () => {
  it('gives the app’s screens the account menu’s strings, and only the account page the plans’ and its own', async () => {
    const { i18n, loadScreenStrings } = await freshI18n();
    await loadScreenStrings('app');
    expect(i18n.t('dashboard:title')).toBe('Inbox');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    for (const namespace of ['billing', 'account', 'notifications', 'digest'])
      expect(i18n.hasResourceBundle('en', namespace), namespace).toBe(false);

    await loadScreenStrings('account');
    for (const namespace of ['billing', 'account', 'notifications', 'digest'])
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
