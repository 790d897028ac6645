/**
 * With a stored session, the files every signed-in screen needs start downloading while the page's
 * own files do (decision 292), and on a main screen's address that screen's own files too (decision
 * 300). The entry module runs only once the page's stylesheet has arrived
 * (Chromium holds scripts for pending style sheets), and only then asks for `app`, the signed-in texts
 * and the header: on a slow network the line stood idle for a round trip between the two rows of
 * files. A small classic script, inline and first in <head> (so nothing holds it), adds
 * `<link rel="modulepreload">` for those files when a session is stored; without one (/login, the
 * public pages) it adds nothing. It is inline rather than a file of its own, which cost a round trip
 * before any preload could start (decision 303): the server's script-src still refuses inline code
 * but this script's, which it allows by the sha256 of the script in the index.html it serves. Only
 * the build writes it: `vite dev` serves the page without it (and without any policy), the app then
 * asking for its files itself, as with no stored session.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { sessionStorageKey } from '../src/lib/session/session-storage';
import { languageStorageKey } from '../src/lib/i18n/language-storage';
import { webRoutes } from '../../../packages/contract/src/routes';

/** The modules `main.tsx` loads with a stored session, beside the route's own chunk. */
export const signedInStart = [
  'src/lib/session/restore-session.ts',
  'src/app/layouts/signed-in-header.tsx',
  'src/lib/api/query-scope.tsx',
];
/**
 * The main screens' addresses and the route module each loads (the router's table, routes.tsx; the
 * test early-preload.test.ts holds the two together). `/*` ends an address whose every sub-address
 * loads the same module. Without it a screen's chunk was asked for only once the entry had run, a
 * row of files after `app` (decision 300).
 */
export const screenModules: readonly (readonly [string, string])[] = [
  [webRoutes.myHealthProfile, 'src/app/routes/health-profile-route.tsx'],
  [webRoutes.healthProfileDocuments, 'src/app/routes/documents-route.tsx'],
  [webRoutes.healthProfileInsurance, 'src/app/routes/insurance-route.tsx'],
  [webRoutes.myCareTeam, 'src/app/routes/care-team-route.tsx'],
  [webRoutes.appointments, 'src/app/routes/appointments-route.tsx'],
  [webRoutes.pharmacies, 'src/app/routes/pharmacies-route.tsx'],
  [webRoutes.healthInformation, 'src/app/routes/health-information-route.tsx'],
  ['/messages/*', 'src/app/routes/messages-routes.tsx'],
];
/** Each language's whole catalog, loaded with the signed-in texts. */
const catalogs = {
  en: /[\\/]contract[\\/]src[\\/]i18n[\\/]en\.ts$/,
  es: /[\\/]contract[\\/]src[\\/]i18n[\\/]es\.ts$/,
};

/** The chunks `roots` need, each once, without those the page's entry already loads. */
function filesOf(bundle: Rolldown.OutputBundle, roots: Rolldown.OutputChunk[]): string[] {
  const chunks = new Map(
    Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
  );
  const loadedByPage = new Set<string>();
  for (const chunk of chunks.values())
    if (chunk.isEntry) for (const file of [chunk.fileName, ...chunk.imports]) loadedByPage.add(file);
  const files = new Set<string>();
  const pending = roots.map((chunk) => chunk.fileName);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file) || loadedByPage.has(file)) continue;
    files.add(file);
    pending.push(...(chunks.get(file)?.imports ?? []));
  }
  return [...files].sort();
}

/** The style sheets Vite loads with these chunks. */
function stylesOf(bundle: Rolldown.OutputBundle, files: string[]): string[] {
  const styles = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  }
  return [...styles].sort();
}

/**
 * The script: the shared files, then the stored language's catalog (English unless Spanish), then the
 * files of the screen the address names, if any (`screens`: address, files). A style sheet is
 * preloaded as one: Vite's loader holds the screen's module until its style sheet has arrived.
 */
export function earlyPreloadSource(
  shared: string[],
  catalogFiles: { en: string[]; es: string[] },
  screens: readonly (readonly [string, readonly string[]])[] = [],
): string {
  const href = (files: readonly string[]) => JSON.stringify(files.map((file) => `/${file}`));
  const screenHrefs = JSON.stringify(screens.map(([address, files]) => [address, files.map((f) => `/${f}`)]));
  return [
    '(function () {',
    '  try {',
    `    if (localStorage.getItem(${JSON.stringify(sessionStorageKey)}) === null) return;`,
    `    var language = localStorage.getItem(${JSON.stringify(languageStorageKey)}) || navigator.language || '';`,
    `    var files = ${href(shared)}.concat(/^es/.test(language) ? ${href(catalogFiles.es)} : ${href(catalogFiles.en)});`,
    "    var address = location.pathname.replace(/\\/+$/, '');",
    `    var screens = ${screenHrefs};`,
    '    for (var s = 0; s < screens.length; s++) {',
    '      var pattern = screens[s][0];',
    "      var under = pattern.slice(-2) === '/*' ? pattern.slice(0, -2) : null;",
    "      if (under === null ? address === pattern : address === under || address.indexOf(under + '/') === 0) {",
    '        files = files.concat(screens[s][1]);',
    '        break;',
    '      }',
    '    }',
    '    for (var i = 0; i < files.length; i++) {',
    "      var link = document.createElement('link');",
    '      if (/\\.css$/.test(files[i])) {',
    "        link.rel = 'preload';",
    "        link.as = 'style';",
    '      } else {',
    "        link.rel = 'modulepreload';",
    '      }',
    // As Vite's own links and module scripts ask: the preloaded module is then the one the app imports.
    "      link.crossOrigin = '';",
    '      link.href = files[i];',
    '      document.head.appendChild(link);',
    '    }',
    '  } catch (error) {',
    '    // No storage (private mode, blocked): the app loads its files itself, one row later.',
    '  }',
    '})();',
    '',
  ].join('\n');
}

/**
 * The page with the script inline, first in <head>: no stylesheet is pending before it, so it runs
 * as the parser reaches it, before the page's own files are even asked for. The server allows it by
 * its hash (apps/server/src/plugins/inline-script-hashes.ts), read from this very page.
 */
export function withEarlyPreload(html: string, source: string): string {
  // The text must not end the element early; file names and the storage keys never hold these.
  if (/<\/script|<!--/i.test(source)) throw new Error('early preload: the script cannot be inline');
  const withScript = html.replace(/<head>/, () => `<head>\n    <script>${source}</script>`);
  if (withScript === html) throw new Error('early preload: index.html has no <head>');
  return withScript;
}

export function earlyPreloadPlugin(): Plugin {
  let root = '';
  return {
    name: 'dermis-early-preload',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      // The chunk that holds a module's code: its own, or a group's (`app`) that took it in.
      const holding = (test: (id: string) => boolean) =>
        chunks.filter((c) => c.moduleIds.some((id) => test(id) && (c.modules[id]?.renderedLength ?? 0) > 0));
      const starts = signedInStart.map((module) => {
        const found = holding((id) => id === path.join(root, module));
        if (found.length !== 1) throw new Error(`early preload: no one chunk holds ${module}`);
        return found[0]!;
      });
      const catalogFiles = {
        en: filesOf(
          bundle,
          holding((id) => catalogs.en.test(id)),
        ),
        es: filesOf(
          bundle,
          holding((id) => catalogs.es.test(id)),
        ),
      };
      if (catalogFiles.en.length === 0 || catalogFiles.es.length === 0)
        throw new Error('early preload: no catalog chunk');
      const shared = filesOf(bundle, starts);
      const screens = screenModules.map(([address, module]) => {
        const found = holding((id) => id === path.join(root, module));
        if (found.length !== 1) throw new Error(`early preload: no one chunk holds ${module}`);
        const scripts = filesOf(bundle, found).filter((f) => !shared.includes(f));
        return [address, [...scripts, ...stylesOf(bundle, scripts)]] as const;
      });
      const source = earlyPreloadSource(
        shared,
        // The catalogs import what `shared` or the page already loads: each keeps only its own file.
        {
          en: catalogFiles.en.filter((f) => !shared.includes(f)),
          es: catalogFiles.es.filter((f) => !shared.includes(f)),
        },
        screens,
      );
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('early preload: no index.html in the bundle');
      page.source = withEarlyPreload(String(page.source), source);
    },
  };
}
