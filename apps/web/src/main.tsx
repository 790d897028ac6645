// First: zod checks without compiling (the page's policy forbids it), set before any schema is built.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import './app/mantine-styles';
import './app/global.css';
import { AppRoot, createApp } from './app/app';
import { routes } from './app/routes';
import { initialLanguage, setLanguage } from './lib/i18n';
import { loadSessionRestore, sessionStorageKey } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const sessionStored = localStorage.getItem(sessionStorageKey) !== null;
// With a stored session the address is most likely a signed-in screen: its chunks (the route, the
// signed-in texts) start downloading now, beside the session's check, instead of after it (decision
// 259). The router runs the same loaders later and finds the modules already there.
if (sessionStored) {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
  // The signed-in header too, which the root layout would ask for only once `app` had arrived and run
  // (decision 271).
  import('./app/layouts/signed-in-header').catch(() => undefined);
}

// Spanish is loaded before the first render when it is the remembered choice, so no English flashes.
// A stored session is checked (with the contract's schemas, a chunk of their own) before it is used.
void Promise.all([
  setLanguage(initialLanguage(), { remember: false }).catch(() => undefined),
  sessionStored ? loadSessionRestore() : undefined,
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppRoot app={createApp()} />
    </StrictMode>,
  ),
);
