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
 * asking for its files itself, as with no stored session. On a main screen's address it also sends
 * that screen's first calls with the stored token (`src/lib/api/early-calls.ts`, decision 328), whose
 * answers the HTTP client takes instead of asking again (`src/lib/api/early-answers.ts`).
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { sessionStorageKey } from '../src/lib/session/session-storage';
import { languageStorageKey } from '../src/lib/i18n/language-storage';
import { earlyAnswersProperty, earlyNowProperty } from '../src/lib/api/early-answers';
import { screenEarlyCalls, type EarlyCall } from '../src/lib/api/early-calls';
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
  calls: readonly (readonly [string, readonly EarlyCall[]])[] = [],
): string {
  const href = (files: readonly string[]) => JSON.stringify(files.map((file) => `/${file}`));
  const screenHrefs = JSON.stringify(screens.map(([address, files]) => [address, files.map((f) => `/${f}`)]));
  const screenCalls = JSON.stringify(
    calls.map(([address, list]) => [
      address,
      list.map((call) => [call.method, call.path, call.body ?? null, call.when ?? []]),
    ]),
  );
  return [
    '(function () {',
    '  try {',
    `    var stored = localStorage.getItem(${JSON.stringify(sessionStorageKey)});`,
    '    if (stored === null) return;',
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
    // After the files: the answers are of no use before the app's files have run.
    `    sendEarlyCalls(stored, address, ${screenCalls});`,
    '  } catch (error) {',
    '    // No storage (private mode, blocked): the app loads its files itself, one row later.',
    '  }',
    ...earlyCallsSource,
    '})();',
    '',
  ].join('\n');
}

/**
 * The function of the script that sends the screen's early calls (decision 328), only for a stored
 * session the app will restore (tokens, user and servers there, both tokens unexpired) whose app
 * server is this site: the answers wait on `window.__dermisEarlyAnswers` for the HTTP client, keyed
 * as `earlyCallKey` names a request, with the token and language sent. When a sent call names `{now}`,
 * the instant filled in waits on `window.__dermisEarlyNow` (decision 331), for the app to send the same
 * request. Anything unreadable sends nothing, and the app then asks itself.
 */
const earlyCallsSource = [
  '  function live(token) {',
  "    var part = String(token).split('.')[1];",
  "    var claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));",
  "    return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();",
  '  }',
  // The screen's rule (features/pharmacies/map-view.ts): an active address's 5-digit ZIP code first.
  '  function homeZip(addresses) {',
  '    var ordered = [];',
  '    for (var a = 0; a < addresses.length; a++) if (addresses[a].active) ordered.push(addresses[a]);',
  '    for (var b = 0; b < addresses.length; b++) if (!addresses[b].active) ordered.push(addresses[b]);',
  '    for (var o = 0; o < ordered.length; o++) {',
  "      var match = /^\\s*(\\d{5})(?:-?\\d{4})?\\s*$/.exec(ordered[o].zipCode || '');",
  '      if (match) return match[1];',
  '    }',
  '    return null;',
  '  }',
  '  function sendEarlyCalls(stored, address, screens) {',
  '    try {',
  '      var calls = null;',
  '      for (var c = 0; c < screens.length; c++) if (screens[c][0] === address) calls = screens[c][1];',
  '      if (calls === null) return;',
  '      var session = JSON.parse(stored);',
  '      var user = session.user;',
  '      var app = session.servers && session.servers.app;',
  "      if (!user || typeof user.id !== 'number' || typeof app !== 'string' || !/^\\/[^/\\\\]/.test(app)) return;",
  '      if (!session.accessToken || !session.refreshToken || !live(session.accessToken) || !live(session.refreshToken)) return;',
  `      var language = localStorage.getItem(${JSON.stringify(languageStorageKey)});`,
  "      if (language !== 'en' && language !== 'es') {",
  "        language = 'en';",
  '        var wanted = navigator.languages || [navigator.language];',
  '        for (var w = 0; w < wanted.length; w++) {',
  "          var base = String(wanted[w]).toLowerCase().split('-')[0];",
  "          if (base === 'en' || base === 'es') {",
  '            language = base;',
  '            break;',
  '          }',
  '        }',
  '      }',
  `      var answers = (window[${JSON.stringify(earlyAnswersProperty)}] = {});`,
  '      var today = new Date();',
  '      var values = {',
  '        patient: String(user.id),',
  '        zip: homeZip(user.addressInformationInfoList || []),',
  '        documentsFrom: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7).toISOString(),',
  '        documentsBefore: new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).toISOString(),',
  '        now: today.toISOString(),',
  '      };',
  '      var named;',
  '      function fill(text, encode) {',
  '        return text.replace(/\\{(\\w+)\\}/g, function (all, name) {',
  '          var value = values[name];',
  '          named[name] = true;',
  "          if (typeof value !== 'string') throw new Error('no ' + name);",
  '          return encode ? encodeURIComponent(value) : value;',
  '        });',
  '      }',
  '      next: for (var i = 0; i < calls.length; i++) {',
  '        for (var f = 0; f < calls[i][3].length; f++) if (user[calls[i][3][f]] !== true) continue next;',
  '        named = {};',
  '        try {',
  "          var url = app.replace(/\\/$/, '') + '/' + fill(calls[i][1], true);",
  '          var body = calls[i][2] === null ? undefined : fill(calls[i][2], false);',
  '        } catch (missing) {',
  '          // A value the screen would not have either (no home ZIP code): nor does it send the call.',
  '          continue;',
  '        }',
  "        var headers = { Accept: 'application/json', 'Accept-Language': language, Authorization: 'Bearer ' + session.accessToken };",
  "        if (body !== undefined) headers['Content-Type'] = 'application/json';",
  "        answers[calls[i][0] + ' ' + url + ' ' + (body === undefined ? '' : body)] = {",
  '          token: session.accessToken,',
  '          language: language,',
  '          answer: fetch(url, { method: calls[i][0], headers: headers, body: body }).catch(function () {',
  '            return null;',
  '          }),',
  '        };',
  // The app takes this instant as "now" for the same request, and so sends the very one sent here.
  `        if (named.now) window[${JSON.stringify(earlyNowProperty)}] = { at: values.now };`,
  '      }',
  '    } catch (error) {',
  '      // Not a session the app would restore: it asks itself.',
  '    }',
  '  }',
];

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
        screenEarlyCalls,
      );
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('early preload: no index.html in the bundle');
      page.source = withEarlyPreload(String(page.source), source);
    },
  };
}
