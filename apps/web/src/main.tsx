// First: zod checks without compiling (the page's policy forbids it), set before any schema is built.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './app/mantine-styles';
import './app/global.css';
import { AppRoot, createApp } from './app/app';
import { routes } from './app/routes';
import { initialLanguage, setLanguage } from './lib/i18n';
import { loadSessionRestore, sessionStorageKey } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const sessionStored = localStorage.getItem(sessionStorageKey) !== null;
// With a stored session the address is most likely a signed-in screen: the router is made at once,
// and its first navigation starts downloading the address's chunks (the route, the signed-in texts)
// beside the session's check, instead of after it (decision 259). It matches the address once, and has
// often loaded the route by the first render, which then shows it (decision 334). Without one it is
// made with the app, once the remembered language is set, so the texts' chunk is that language's.
const router = sessionStored ? createBrowserRouter(routes) : undefined;
if (sessionStored) {
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
      <AppRoot app={createApp({ router })} />
    </StrictMode>,
  ),
);
