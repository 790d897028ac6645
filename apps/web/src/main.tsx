import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { AppRoot, createApp } from './app/app';
import { initialLanguage, setLanguage } from './lib/i18n';
import { loadSessionRestore, sessionStorageKey } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Spanish is loaded before the first render when it is the remembered choice, so no English flashes.
// A stored session is checked (with the contract's schemas, a chunk of their own) before it is used.
void Promise.all([
  setLanguage(initialLanguage(), { remember: false }).catch(() => undefined),
  localStorage.getItem(sessionStorageKey) === null ? undefined : loadSessionRestore(),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppRoot app={createApp()} />
    </StrictMode>,
  ),
);
