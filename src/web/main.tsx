import './lib/zod-without-eval.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/App.tsx';
import { startFirstScreen } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';

// Scroll locking in dialogs and menus inserts a <style> element; the page's CSP nonce lets it through.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) setNonce(cspNonce);

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

// The first screen's chunks and strings start loading now, and the check of a stored sign-in, beside the frame's
// strings rather than one round trip after them (docs/decisions/166); the first render waits for the frame's strings
// (one small chunk) rather than flash untranslated keys.
startFirstScreen();
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
