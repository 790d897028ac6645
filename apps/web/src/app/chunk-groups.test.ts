import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { chunkGroups, screenAppChunk, screenAppMinSize, type FirstPass } from '../../vite/chunk-groups';

const profile = 'src/app/routes/health-profile-route.tsx';
const appointments = 'src/app/routes/appointments-route.tsx';
const module = (name: string) => `/dermis/apps/web/src/features/${name}.tsx`;
const react = '/dermis/node_modules/react-dom/cjs/react-dom-client.production.js';
/** Two main screens; `shared` is what the default split put in chunks two entries share. */
const pass: FirstPass = {
  login: new Set([module('login-form'), react]),
  screenCount: 2,
  screens: new Map([
    [module('every-screen'), [profile, appointments]],
    [module('header'), [profile, appointments]],
    [module('profile-only'), [profile]],
    [module('appointments-only'), [appointments]],
    [module('appointments-route-part'), [appointments]],
    [module('no-main-screen'), []],
  ]),
  shared: new Set([
    module('every-screen'),
    module('profile-only'),
    module('appointments-only'),
    module('no-main-screen'),
    module('package-index'),
  ]),
};
const groups = chunkGroups(pass);
/** A module graph in which no module is the page's own import. */
const noGraph = { getModuleInfo: () => null } as unknown as Rolldown.ChunkingContext;

/** The groups naming a module, by priority (the first wins unless its size or share rule skips it). */
function groupsOf(id: string, of = groups): { name: string; group: Rolldown.CodeSplittingGroup }[] {
  const byPriority = [...of].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  return byPriority.flatMap((group) => {
    const name =
      typeof group.name === 'string'
        ? group.test instanceof RegExp && group.test.test(id)
          ? group.name
          : null
        : group.name(id, noGraph);
    return name ? [{ name, group }] : [];
  });
}
const groupOf = (id: string) => groupsOf(id)[0] ?? null;

describe('the files before a screen', () => {
  it('keep React in `react` and the rest of what /login runs in `public`', () => {
    expect(groupOf(react)?.name).toBe('react');
    expect(groupOf(module('login-form'))?.name).toBe('public');
  });

  it('put in `app` the code every main screen runs, even when one chunk alone imports it', () => {
    // The header: run by every main screen, imported by its own chunk only.
    expect(groupsOf(module('header')).map((g) => g.name)).toEqual(['app']);
    expect(groupOf(module('header'))?.group.minShareCount).toBeUndefined();
  });

  it('leave where it is the code some main screens run that no two chunks share', () => {
    // With three main screens, the header's code is run by two of them: its own chunk keeps it.
    const threeScreens = chunkGroups({ ...pass, screenCount: 3 });
    expect(groupsOf(module('header'), threeScreens)).toEqual([]);
    // Only Appointments' part would take its route's own code, and only if two chunks shared it.
    expect(groupsOf(module('appointments-route-part')).map((g) => [g.name, g.group.minShareCount])).toEqual([
      ['app-appointments', 2],
    ]);
  });
});

describe('the shared chunks of the signed-in screens', () => {
  it('keep in `app` the shared code two or more main screens run', () => {
    expect(groupOf(module('every-screen'))?.name).toBe('app');
  });

  it('put the shared code only one main screen runs in that screen’s part, when large enough', () => {
    const found = groupsOf(module('appointments-only'));
    expect(found.map((g) => g.name)).toEqual(['app-appointments', 'app']);
    expect(found[0]?.group.minSize).toBe(screenAppMinSize);
    // Below that size the group is ignored and `app` takes the module.
    expect(found[1]?.group.minSize).toBeUndefined();
  });

  it('put My Health Profile’s shared code in `forms`, which imports it', () => {
    const found = groupOf(module('profile-only'));
    expect(found?.name).toBe('forms');
    expect(found?.group.minShareCount).toBe(2);
  });

  it('put the shared code no main screen runs in `app-others`, whatever its size', () => {
    const found = groupOf(module('no-main-screen'));
    expect(found?.name).toBe('app-others');
    expect(found?.group.minSize).toBeUndefined();
  });

  it('leave in `app` a shared module of no code, which goes where its importers do', () => {
    expect(groupOf(module('package-index'))?.name).toBe('app');
  });

  it('name a screen’s part after its route module', () => {
    expect(screenAppChunk(profile)).toBe('app-health-profile');
    expect(screenAppChunk('src/app/routes/messages-routes.tsx')).toBe('app-messages');
  });
});
