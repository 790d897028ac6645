import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * mantine-styles.ts imports the stylesheet of every Mantine component the app renders, and no
 * other. What a component renders is read from Mantine's own build, not kept by hand: from the
 * module a name is exported by, every module it imports (Select's imports reach Combobox, Input,
 * Popover, ScrollArea…; @mantine/dates's DatePickerInput reaches @mantine/core's Popover through
 * the package's name), and of those, the CSS-module class maps (`*.module.mjs`); a stylesheet in
 * @mantine/core/styles/ is needed when it styles one of their classes.
 */

const sourceRoot = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const stylesPackage = '@mantine/core/styles/';
/** The packages whose components may render @mantine/core's: the app imports from both. */
const mantinePackages = ['@mantine/core', '@mantine/dates'];
/**
 * The one hand-kept part: styles no component's classes point to. Mantine requires them with
 * per-component imports (the reset, the theme's CSS variables, the static classes such as
 * `hiddenFrom`'s), first and in this order.
 */
const globalSheets = ['baseline.css', 'default-css-variables.css', 'global.css'];

const packageRoot = (name: string) => dirname(require.resolve(`${name}/styles.css`));
const coreRoot = packageRoot('@mantine/core');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
}

/** Each import or re-export of a module: where from, and the names taken (none for `import 'x'`). */
function importsOf(source: ts.SourceFile): { from: string; names: string[] }[] {
  const found: { from: string; names: string[] }[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : [];
      found.push({ from: statement.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      found.push({ from: (statement.moduleSpecifier as ts.StringLiteral).text, names: [] });
    }
  }
  return found;
}

/** A package's exported names, each with the module of its build that defines it. */
const exportModules = new Map<string, Map<string, string>>();
function exportModule(pkg: string, name: string): string {
  let modules = exportModules.get(pkg);
  if (!modules) {
    const index = join(packageRoot(pkg), 'esm', 'index.mjs');
    modules = new Map();
    for (const { from, names } of importsOf(parse(index))) {
      for (const imported of names) modules.set(imported, resolve(dirname(index), from));
    }
    exportModules.set(pkg, modules);
  }
  const module = modules.get(name);
  if (!module) throw new Error(`${pkg} exports no ${name} from a module of its own`);
  return module;
}

/** The class maps of the CSS modules a module reaches through its imports, in Mantine's packages. */
function classMapsReached(start: string): string[] {
  const seen = new Set<string>();
  const pending = [start];
  for (let module = pending.pop(); module; module = pending.pop()) {
    if (seen.has(module)) continue;
    seen.add(module);
    for (const { from, names } of importsOf(parse(module))) {
      if (from.startsWith('.')) pending.push(resolve(dirname(module), from));
      else if (mantinePackages.includes(from)) pending.push(...names.map((name) => exportModule(from, name)));
    }
  }
  return [...seen].filter((module) => module.endsWith('.module.mjs'));
}

/** Which of @mantine/core's stylesheets style each class. */
const sheetsOfClass = new Map<string, Set<string>>();
for (const sheet of readdirSync(join(coreRoot, 'styles'))) {
  if (sheet.endsWith('.layer.css')) continue;
  const css = readFileSync(join(coreRoot, 'styles', sheet), 'utf8');
  for (const name of (css.match(/\.m_[0-9a-f]+/g) ?? []).map((selector) => selector.slice(1))) {
    sheetsOfClass.set(name, (sheetsOfClass.get(name) ?? new Set()).add(sheet));
  }
}

function sheetsNeededBy(pkg: string, name: string): Set<string> {
  const sheets = new Set<string>();
  for (const classMap of classMapsReached(exportModule(pkg, name))) {
    const classNames = readFileSync(classMap, 'utf8').match(/"m_[0-9a-f]+"/g) ?? [];
    for (const className of classNames.map((quoted) => quoted.slice(1, -1))) {
      for (const sheet of sheetsOfClass.get(className) ?? []) sheets.add(sheet);
    }
  }
  return sheets;
}

/** The names the app's own modules (not its tests) import from Mantine's packages. */
function namesInUse(): { pkg: string; name: string }[] {
  const seen = new Map<string, { pkg: string; name: string }>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (relative(sourceRoot, path) !== join('lib', 'testing')) visit(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^test-setup\.ts$/.test(entry.name)) {
        for (const { from, names } of importsOf(parse(path))) {
          if (mantinePackages.includes(from))
            for (const name of names) seen.set(`${from} ${name}`, { pkg: from, name });
        }
      }
    }
  };
  visit(sourceRoot);
  return [...seen.values()];
}

const listed = importsOf(parse(join(import.meta.dirname, 'mantine-styles.ts')))
  .map(({ from }) => from)
  .filter((from) => from.startsWith(stylesPackage))
  .map((from) => from.slice(stylesPackage.length));

describe("Mantine's stylesheets", () => {
  const needers = new Map<string, string[]>();
  for (const { pkg, name } of namesInUse()) {
    for (const sheet of sheetsNeededBy(pkg, name)) needers.set(sheet, [...(needers.get(sheet) ?? []), name]);
  }

  it('include those of every component in use and of the components they render', () => {
    const missing = [...needers].filter(([sheet]) => !listed.includes(sheet));
    expect(missing.map(([sheet, by]) => `${sheet} (${by.join(', ')})`)).toEqual([]);
  });

  it('include none that no component in use needs', () => {
    const needed = new Set([...globalSheets, ...needers.keys()]);
    expect(listed.filter((sheet) => !needed.has(sheet))).toEqual([]);
  });

  it("come in the order of Mantine's whole stylesheet, the global ones first", () => {
    const whole = readFileSync(join(coreRoot, 'styles.css'), 'utf8');
    const place = (sheet: string) =>
      whole.indexOf(readFileSync(join(coreRoot, 'styles', sheet), 'utf8').trim());
    expect(listed.slice(0, globalSheets.length)).toEqual(globalSheets);
    expect(listed.every((sheet) => place(sheet) >= 0)).toBe(true);
    expect(listed).toEqual([...listed].sort((a, b) => place(a) - place(b)));
  });
});
