/**
 * The answers every page reads before anyone signs in (the public configuration, the practice's
 * branding, any error body), checked without zod in the entry chunk (decision 200): their validators
 * are compiled when the web app is built, from the contract's own zod schemas (zod → JSON Schema in
 * checked-answers.ts → Ajv's standalone code), and served as the virtual module
 * `virtual:compiled-validators`. /login carries a few generated checks instead of zod, and nothing is
 * kept by hand.
 */
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { runnerImport, type Plugin } from 'vite';
import type * as checkedAnswers from './checked-answers';

export const compiledValidatorsId = 'virtual:compiled-validators';
const resolvedId = `\0${compiledValidatorsId}`;
const sources = fileURLToPath(new URL('./checked-answers.ts', import.meta.url));

type CheckedAnswers = Pick<typeof checkedAnswers, 'calls' | 'schemas'>;

/** The module's source: ES module code, without any runtime import (the checks need none). */
export function compiledValidatorsSource({ calls, schemas }: CheckedAnswers): string {
  const ajv = new Ajv({
    code: { source: true, esm: true, optimize: 3 },
    // A field the answer leaves out gets the contract's default, as zod's parse gives it.
    useDefaults: true,
    // The English error texts stay out of the bundle: a failed check is only "no".
    messages: false,
    strict: false,
  });
  const names: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls)) {
    ajv.addSchema(call.response, name);
    names[`validate_${name}`] = name;
  }
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema, name);
    names[`validate_${name}`] = name;
  }
  const lines = [withoutErrorRecords(standaloneCode(ajv, names)), ''];
  const checkOf = (name: string) => `(body) => (validate_${name}(body) ? body : null)`;
  for (const [name, call] of Object.entries(calls)) {
    const fields = [
      `method: ${JSON.stringify(call.method)}`,
      `path: ${JSON.stringify(call.path)}`,
      `check: ${checkOf(name)}`,
    ];
    lines.push(`export const ${name} = { ${fields.join(', ')} };`);
  }
  for (const name of Object.keys(schemas)) lines.push(`export const is${name} = ${checkOf(name)};`);
  return lines.join('\n');
}

/**
 * Ajv's code records why a check failed (`validateN.errors = [{instancePath, schemaPath, ...}]`); the
 * app only asks whether it passed, so the records go (with the schema constants they named, once the
 * bundle is minified, and the error paths handed down): about a kilobyte of /login's budget.
 */
export function withoutErrorRecords(code: string): string {
  return (
    code
      .replace(/validate\d+\.errors = \[[^\]]*\];/g, '')
      .replace(/validate\d+\.errors = vErrors;/g, '')
      // The options a check passes to a nested one (none here: every schema is one function).
      .replace(/\(data, \{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}\)/g, '(data)')
  );
}

export function compiledValidatorsPlugin(): Plugin {
  return {
    name: 'dermis-compiled-validators',
    resolveId: (id) => (id === compiledValidatorsId ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      // The contract is TypeScript with extensionless imports: Vite's module runner loads it (the
      // config's own loader leaves workspace packages to Node, which cannot).
      const { module, dependencies } = await runnerImport<CheckedAnswers>(sources, { configFile: false });
      for (const file of dependencies) this.addWatchFile(file);
      return compiledValidatorsSource(module);
    },
  };
}
