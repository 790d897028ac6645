import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAllTexts } from './lib/i18n';
import { loadSessionRestore } from './lib/session';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Screens load per route (app/lazy-route.tsx): a journey that crosses routes waits for module loads,
// which on a busy, shared 2-core machine can outlast the 1 s default of findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

// Components are rendered here without the signed-in guard that loads the areas' texts in the app.
beforeAll(() => loadAllTexts());

// The app loads the stored-session check before its first render when a session is stored (main.tsx).
beforeAll(() => loadSessionRestore());

// jsdom lays nothing out, so Mantine's focus trap may find no visible element to focus in a menu
// that is still opening, and warns with the DOM node it searched: printed with its React fiber, that
// was thousands of lines a warning. The warning itself is kept, without the node.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) warn(args[0]);
  else warn(...args);
};
