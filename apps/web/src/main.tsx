import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { AppRoot, createApp } from './app/app';
import { initialLanguage, setLanguage } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Spanish is loaded before the first render when it is the remembered choice, so no English flashes.
void setLanguage(initialLanguage(), { remember: false })
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppRoot app={createApp()} />
      </StrictMode>,
    ),
  );
