import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderLanding } from './PrerenderedLanding.tsx';

function landing(language: 'en' | 'jp', signedIn = false): HTMLElement {
  const page = document.createElement('div');
  page.innerHTML = renderLanding(language, signedIn);
  return page;
}

describe('the landing page as built', () => {
  it.each([
    ['en', 'Every Slack and ChatWork mention, gathered in one inbox', 'Login', '日本語'],
    ['jp', 'Slack と ChatWork のメンションを、ひとつの受信箱にまとめて', 'ログイン', 'English'],
  ] as const)(
    'in %s has the hero, every section, the header and the footer',
    (language, heading, login, other) => {
      const page = landing(language);
      const view = within(page);

      expect(view.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(page.querySelectorAll('main section h2:not(dialog h2)')).toHaveLength(6);
      expect(page.querySelectorAll('#features li')).toHaveLength(4);
      expect(page.querySelectorAll('#workflow li')).toHaveLength(3);
      const header = view.getByRole('banner');
      expect(within(header).getByRole('link', { name: login })).toHaveAttribute('href', '/login');
      const switcher = within(header).getByRole('link', { name: new RegExp(other) });
      expect(switcher).toHaveAttribute('href', `/?lang=${language === 'en' ? 'jp' : 'en'}`);
      expect(within(view.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(5);
      // The screenshots are the captures in the page's language.
      expect(page.querySelector('figure img')?.getAttribute('src')).toMatch(new RegExp(`inbox-${language}`));
    },
  );

  it('offers beta signup and the demo, and leads a browser with a session to its inbox', () => {
    const view = within(landing('en'));
    expect(view.getByRole('link', { name: 'Join the beta' })).toHaveAttribute('href', '/login');
    expect(view.getByRole('link', { name: 'View demo' })).toHaveAttribute('href', '/login?demo=1');
    expect(view.queryByRole('link', { name: 'Dashboard' })).toBeNull();

    const signedIn = within(landing('en', true));
    expect(signedIn.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(signedIn.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('keeps one FAQ answer open at a time and gives each screenshot a labelled viewer, with no script', () => {
    const page = landing('en');
    const questions = page.querySelectorAll('#faq details');
    expect(questions).toHaveLength(5);
    for (const question of questions) {
      expect(question).toHaveAttribute('name', 'faq');
      expect(question).not.toHaveAttribute('open');
    }

    const openers = page.querySelectorAll<HTMLButtonElement>('button[data-opens-viewer]');
    expect(openers).toHaveLength(2);
    for (const opener of openers) {
      const viewer = page.querySelector(`dialog#${opener.dataset.opensViewer}`);
      expect(viewer).not.toBeNull();
      const title = page.querySelector(`#${viewer!.getAttribute('aria-labelledby')}`);
      expect(opener).toHaveAccessibleName(`Enlarge screenshot: ${title?.textContent}`);
      expect(viewer!.querySelector('form[method="dialog"] button')).toHaveAccessibleName('Close');
    }
  });
});
