// @ts-check
// A small ESLint rule for the import boundaries described in docs/architecture.md. It resolves each
// relative import against the importing file and refuses it when the pair falls in a forbidden zone.
// Written here instead of taken from eslint-plugin-import-x, whose native resolver has platform
// packages this registry lacks (so `npm ci` could not reproduce the lock file).
import path from 'node:path';

/**
 * @typedef {{ target: string, from: string | string[], except?: string[], message: string }} Zone
 * Paths are relative to the repository root; `except` entries are relative to `from`.
 */

const inside = (/** @type {string} */ file, /** @type {string} */ dir) =>
  file === dir || file.startsWith(dir + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between the layers and features of Dermis' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, zones: { type: 'array' } } }],
  },
  create(context) {
    const { root, zones } = /** @type {{ root: string, zones: Zone[] }} */ (context.options[0]);
    const file = context.filename;
    const applicable = zones.filter((zone) => inside(file, path.join(root, zone.target)));
    if (applicable.length === 0) return {};

    /** @param {import('estree').Node & { source?: any }} node */
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of applicable) {
        for (const from of [zone.from].flat().map((f) => path.join(root, f))) {
          const excepted = (zone.except ?? []).some((e) => inside(imported, path.join(from, e)));
          if (inside(imported, from) && !excepted) {
            context.report({ node, message: zone.message });
            return;
          }
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
