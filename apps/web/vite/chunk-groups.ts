/**
 * How the build groups modules into chunks (decisions 049 and 259). On a slow mobile network each
 * file costs a round trip and the browser fetches six at a time, so a screen that needs a hundred
 * small files waits for them in rows. Three groups instead of Rolldown's one chunk per set of
 * importers:
 * - `react`: React, React DOM, the scheduler and React Router, on every page and rarely changed.
 * - `public`: the rest of what /login loads before it shows, one file instead of about forty; the
 *   same modules, so /login's budget holds.
 * - `app`: the code two or more of the other chunks share (Mantine's other components, TanStack
 *   Query, zod and the contract's calls, forms, the shared page parts), one file a signed-in screen
 *   downloads beside its own route chunk. It holds nothing /login needs, so /login never downloads
 *   it. The language catalogs stay out of it (English comes with the signed-in texts' chunk, Spanish
 *   only when chosen), and code one chunk alone uses (the map, the CDA viewer) stays in that chunk.
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
 * The modules /login runs before it shows: those of the chunks the entry and the sign-in route load,
 * in a build split the default way. Found by building, because only the bundler knows which of the
 * modules a file imports are used: `@dermis/contract` and `@mantine/core` are imported whole by name,
 * and following every import would put zod and all of Mantine on /login.
 */
export async function loginModules(root: string, plugins: PluginOption[]): Promise<Set<string>> {
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
  const signIn = path.join(root, 'src', 'app', 'routes', 'login-route.tsx');
  const roots = [...chunks.values()].filter((c) => c.isEntry || c.facadeModuleId === signIn);
  if (roots.length !== 2) throw new Error('the first build pass found no entry or no sign-in route chunk');
  const modules = new Set<string>();
  const seen = new Set<string>();
  const pending = roots.map((c) => c.fileName);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (!chunk) continue;
    // A module whose code was all shaken out of this chunk is listed with no length: not /login's.
    for (const [id, module] of Object.entries(chunk.modules)) if (module.renderedLength > 0) modules.add(id);
    pending.push(...chunk.imports);
  }
  return modules;
}

/** Whether the page itself (index.html, the build's entry) imports the module. */
function loadedByPage(id: string, graph: Rolldown.ChunkingContext): boolean {
  return (graph.getModuleInfo(id)?.importers ?? []).some(
    (importer) => graph.getModuleInfo(importer)?.isEntry,
  );
}

/** The chunk groups of the web build, given the modules /login needs (`loginModules`). */
export function chunkGroups(login: ReadonlySet<string>): Rolldown.CodeSplittingGroup[] {
  return [
    reactGroup,
    // The module index.html loads keeps a chunk of its own, the build manifest's entry.
    {
      name: (id, graph) => (login.has(id) && !styles.test(id) && !loadedByPage(id, graph) ? 'public' : null),
      priority: 2,
    },
    {
      name: (id) =>
        login.has(id) || styles.test(id) ? null : (fewScreens.find(([, test]) => test.test(id))?.[0] ?? null),
      minShareCount: 2,
      priority: 2,
      includeDependenciesRecursively: false,
    },
    {
      name: (id) => (login.has(id) || catalogs.test(id) || styles.test(id) ? null : 'app'),
      minShareCount: 2,
      priority: 1,
      // What these modules import is /login's or its own chunk's: left where it is.
      includeDependenciesRecursively: false,
    },
  ];
}
