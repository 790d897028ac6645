import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { chunkGroups, screenAppChunk, screenAppMinSize, type FirstPass } from '../../vite/chunk-groups';

const profile = 'src/app/routes/health-profile-route.tsx';
const appointments = 'src/app/routes/appointments-route.tsx';
const module = (name: string) => `/dermis/apps/web/src/features/${name}.tsx`;
const pass: FirstPass = {
  login: new Set(),
  screens: new Map([
    [module('two-screens'), [profile, appointments]],
    [module('profile-only'), [profile]],
    [module('no-main-screen'), []],
  ]),
};
const groups = chunkGroups(pass);
const noGraph = {} as Rolldown.ChunkingContext;

/** The group a module is put in: the first, by priority, whose name function names one. */
function groupOf(id: string): { name: string; group: Rolldown.CodeSplittingGroup } | null {
  const byPriority = [...groups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  for (const group of byPriority) {
    const name =
      typeof group.name === 'string'
        ? group.test instanceof RegExp && group.test.test(id)
          ? group.name
          : null
        : group.name(id, noGraph);
    if (name) return { name, group };
  }
  return null;
}

describe('the shared chunks of the signed-in screens', () => {
  it('keep in `app` the shared code two or more main screens run', () => {
    expect(groupOf(module('two-screens'))?.name).toBe('app');
  });

  it('put the shared code only one main screen runs in that screen’s part, when large enough', () => {
    const found = groupOf(module('profile-only'));
    expect(found?.name).toBe('app-health-profile');
    expect(found?.group.minSize).toBe(screenAppMinSize);
    // Below that size the group is ignored and `app` takes the module.
    expect(
      groups.find(
        (g) =>
          g !== found?.group &&
          typeof g.name === 'function' &&
          g.name(module('profile-only'), noGraph) === 'app',
      ),
    ).toBeDefined();
  });

  it('put the shared code no main screen runs in `app-others`, whatever its size', () => {
    const found = groupOf(module('no-main-screen'));
    expect(found?.name).toBe('app-others');
    expect(found?.group.minSize).toBeUndefined();
  });

  it('leave in `app` a module of no code, which goes where its importers do', () => {
    expect(groupOf(module('package-index'))?.name).toBe('app');
  });

  it('name a screen’s part after its route module', () => {
    expect(screenAppChunk(profile)).toBe('app-health-profile');
    expect(screenAppChunk('src/app/routes/messages-routes.tsx')).toBe('app-messages');
  });
});
