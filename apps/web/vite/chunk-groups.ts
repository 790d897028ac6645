/**
 * How the build groups modules into chunks (decisions 049 and 259). On a slow mobile network each
 * file costs a round trip and the browser fetches six at a time, so a screen that needs a hundred
 * small files waits for them in rows. Three groups instead of Rolldown's one chunk per set of
 * importers:
 * - `react`: React, React DOM, the scheduler and React Router, on every page and rarely changed.
 * - `public`: the rest of what /login loads before it shows, one file instead of about forty; the
 *   same modules, so /login's budget holds.
 * - `app`: the code two or more of the other chunks share (Mantine's other components, TanStack
 *   Query, zod and the contract's calls, forms, the shared page parts) and what every main screen
 *   runs though one chunk alone imports it (the signed-in header, the session's check: decision
 *   329), one file a signed-in screen downloads beside its own route chunk. It holds nothing /login
 *   needs, so /login never downloads it. The language catalogs stay out of it (English comes with
 *   the signed-in texts' chunk, Spanish only when chosen), and code one chunk alone uses (the map,
 *   the CDA viewer) stays in that chunk.
 *   Shared code that only one main screen runs, or none, is not in it either (decision 317).
 */
import path from 'node:path';
import { build, type PluginOption, type Rolldown } from 'vite';

const reactModules = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** The English and Spanish catalogs: each is loaded when its texts are needed (decision 049). */
const catalogs = /[\\/]contract[\\/]src[\\/]i18n[\\/](en|es)[-.]/;
/** Style sheets are left to Vite, which gives each chunk its own stylesheet file. */
const styles = /\.css(\?|$)/;
const reactGroup: Rolldown.CodeSplittingGroup = { name: 'react', test: reactModules, priority: 3 };

/**
 * Code a few screens share but most main screens never run, each kept out of `app` in a file of its
 * own so that Appointments, Messages, Care team or Pharmacies do not download it (decision 271):
 * - `forms`: the form library and the profile's form, for My Health Profile, editing the profile,
 *   the account settings and the public forms;
 * - `lists`: the profile's reference lists (countries, regions, languages, the CDC race and
 *   ethnicity codes) and the insurance policies that name them, for My Health Profile, the profile's
 *   form, insurance and Health Information;
 * - `dates`: the calendar of the date filters (Documents, Health Information).
 */
const fewScreens: readonly (readonly [string, RegExp])[] = [
  [
    'forms',
    new RegExp(
      [
        String.raw`node_modules[\\/](react-hook-form|@hookform)[\\/]`,
        String.raw`[\\/]contract[\\/]src[\\/]edit-profile\.ts$`,
        String.raw`[\\/]web[\\/]src[\\/]features[\\/]edit-profile[\\/]`,
      ].join('|'),
    ),
  ],
  [
    'lists',
    new RegExp(
      [
        String.raw`node_modules[\\/](i18n-iso-countries|iso-639-2)[\\/]`,
        String.raw`[\\/]contract[\\/]src[\\/](reference-lists\.ts$|reference-data[\\/])`,
        String.raw`[\\/]web[\\/]src[\\/]features[\\/]insurance[\\/]`,
      ].join('|'),
    ),
  ],
  [
    'dates',
    /node_modules[\\/](@mantine[\\/]dates|dayjs[\\/]plugin[\\/]customParseFormat)[\\/]|[\\/]day-picker\.tsx$/,
  ],
];

/**
 * Main screens whose shared code of their own goes in one of the files above rather than in an
 * `app-<screen>` (a request less for the screen): My Health Profile's (Mantine's selects and
 * combobox, the server-refusal form) is what the profile's form runs, so `forms` imports it and every
 * chunk that imports it (the screen, the account settings) loads `forms` anyway.
 */
const screenCodeIn: Readonly<Record<string, string>> = {
  'src/app/routes/health-profile-route.tsx': 'forms',
};

/**
 * What every signed-in screen loads beside the signed-in start, once shown: the entry calls (the
 * session's refresh and sign-out) and the footer's terminology tooltip, on the first interaction.
 * The shared code they run belongs in `app`, not in one screen's `app-<screen>`.
 */
export const loadedOnEveryScreen = [
  'src/lib/api/entry-calls.ts',
  'src/features/navigation/components/terminology-tooltip.tsx',
];

/** What the first build pass found (`firstPass`). */
export interface FirstPass {
  /** The modules /login runs before it shows. */
  login: Set<string>;
  /**
   * For each module whose code the build keeps, the main screens (their route modules) that run it,
   * none for code only other screens run.
   */
  screens: Map<string, string[]>;
  /** How many main screens the first pass read. */
  screenCount: number;
  /**
   * The modules the default split put in a chunk of no module's own, one it made for code two or more
   * entries (the page's, or a dynamic import's) share: what a group's `minShareCount: 2` takes.
   */
  shared: Set<string>;
}

/**
 * A build split the default way, read for the modules that /login runs before it shows (those of the
 * chunks the entry and the sign-in route load), and those each main screen runs (the chunks the entry,
 * the signed-in start and the screen's route module load). Found by building, because only the
 * bundler knows which of the modules a file imports are used: `@dermis/contract` and `@mantine/core`
 * are imported whole by name, and following every import would put zod and all of Mantine on /login.
 */
export async function firstPass(
  root: string,
  plugins: PluginOption[],
  signedInStart: readonly string[],
  screenModules: readonly string[],
): Promise<FirstPass> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins,
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { output: { codeSplitting: { groups: [reactGroup] } } },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = new Map(
    output.output.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
  );
  // A module whose code was all shaken out of a chunk is listed there with no length: not its.
  const runs = (chunk: Rolldown.OutputChunk, id: string) => (chunk.modules[id]?.renderedLength ?? 0) > 0;
  /** The modules the chunks holding `roots` (and the entry) load, with their imports. */
  const modulesOf = (roots: readonly string[]): Set<string> => {
    const ids = roots.map((module) => path.join(root, module));
    const starts = [...chunks.values()].filter((c) => c.isEntry || ids.some((id) => runs(c, id)));
    const found = ids.filter((id) => starts.some((c) => runs(c, id)));
    if (found.length !== ids.length)
      throw new Error(`the first build pass found no chunk for ${roots.join(', ')}`);
    const modules = new Set<string>();
    const seen = new Set<string>();
    const pending = starts.map((c) => c.fileName);
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = chunks.get(file);
      if (!chunk) continue;
      for (const id of Object.keys(chunk.modules)) if (runs(chunk, id)) modules.add(id);
      pending.push(...chunk.imports);
    }
    return modules;
  };
  const screens = new Map<string, string[]>();
  for (const chunk of chunks.values())
    for (const id of Object.keys(chunk.modules)) if (runs(chunk, id)) screens.set(id, []);
  for (const screen of screenModules)
    for (const id of modulesOf([...signedInStart, screen]))
      screens.set(id, [...(screens.get(id) ?? []), screen]);
  const shared = new Set(
    [...chunks.values()].flatMap((c) => (c.facadeModuleId === null ? Object.keys(c.modules) : [])),
  );
  return {
    login: modulesOf(['src/app/routes/login-route.tsx']),
    screens,
    screenCount: screenModules.length,
    shared,
  };
}

/** The chunk of the shared code only this main screen runs: `app-` and its route module's name. */
export function screenAppChunk(screenModule: string): string {
  return `app-${path.basename(screenModule).replace(/-routes?\.tsx$/, '')}`;
}

/**
 * Below this many bytes (before minification) the shared code only one main screen runs stays in
 * `app`: a file of its own would cost the screen a request for little.
 */
export const screenAppMinSize = 20_000;

/** Whether the page itself (index.html, the build's entry) imports the module. */
function loadedByPage(id: string, graph: Rolldown.ChunkingContext): boolean {
  return (graph.getModuleInfo(id)?.importers ?? []).some(
    (importer) => graph.getModuleInfo(importer)?.isEntry,
  );
}

/** The chunk groups of the web build, given what the first pass found (`firstPass`). */
export function chunkGroups({
  login,
  screens,
  screenCount,
  shared,
}: FirstPass): Rolldown.CodeSplittingGroup[] {
  const fewScreensOf = (id: string) => fewScreens.find(([, test]) => test.test(id))?.[0] ?? null;
  // Code the groups below may take out of `app`. A module of no code (a package's index, its imports'
  // names) is not in `screens`, and goes where its importers' code does.
  const appCandidate = (id: string) =>
    !login.has(id) && !catalogs.test(id) && !styles.test(id) && fewScreensOf(id) === null && screens.has(id);
  // Code every main screen runs, whichever the address: the signed-in start (the header, the
  // session's check) and what they share. In `app` even when one chunk alone imports it.
  const everyScreen = (id: string) => screenCount > 0 && screens.get(id)?.length === screenCount;
  return [
    reactGroup,
    // The module index.html loads keeps a chunk of its own, the build manifest's entry.
    {
      name: (id, graph) => (login.has(id) && !styles.test(id) && !loadedByPage(id, graph) ? 'public' : null),
      priority: 2,
    },
    {
      name: (id) => {
        if (login.has(id) || styles.test(id)) return null;
        const running = appCandidate(id) ? screens.get(id) : undefined;
        return fewScreensOf(id) ?? (running?.length === 1 ? (screenCodeIn[running[0]!] ?? null) : null);
      },
      minShareCount: 2,
      priority: 2,
      includeDependenciesRecursively: false,
    },
    // Shared code no main screen runs stays out of `app`, which every main screen downloads: the
    // sign-in's next steps, the account pages. Never in `app`, which would then import what only one
    // main screen runs (below).
    {
      name: (id) => (appCandidate(id) && screens.get(id)?.length === 0 ? 'app-others' : null),
      minShareCount: 2,
      priority: 2,
      includeDependenciesRecursively: false,
    },
    // Shared code only one main screen runs, in `app-<screen>` when large enough to be worth a file
    // (`screenAppMinSize`), else in `app`.
    {
      name: (id) => {
        const running = appCandidate(id) ? screens.get(id) : undefined;
        return running?.length === 1 && !(running[0]! in screenCodeIn) ? screenAppChunk(running[0]!) : null;
      },
      minShareCount: 2,
      minSize: screenAppMinSize,
      priority: 2,
      includeDependenciesRecursively: false,
    },
    // One group, so one file: what two chunks share and what every main screen runs, even when one
    // chunk alone imports it (the header, the session's check).
    {
      name: (id) =>
        login.has(id) || catalogs.test(id) || styles.test(id)
          ? null
          : everyScreen(id) || shared.has(id)
            ? 'app'
            : null,
      priority: 1,
      // What these modules import is /login's or its own chunk's: left where it is.
      includeDependenciesRecursively: false,
    },
  ];
}
