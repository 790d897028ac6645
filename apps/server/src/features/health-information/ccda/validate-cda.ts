/**
 * CDA R2 schema validation for tests: the SDTC schema of `shared/fixtures/cda-schema`,
 * run by xmllint-wasm (libxml2 compiled to WebAssembly, no native tool needed). xmllint-wasm sees no
 * directories, so the schema's relative include/import paths are flattened to file names in memory.
 *
 * The fixtures live in the `shared/` folder beside the repository (../shared from the repository
 * root); `DERMIS_SHARED_DIR` names another place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SDTC_DIR = path.join('cda-schema', 'extensions', 'SDTC');
const ENTRY = 'CDA_SDTC.xsd';

/** The shared fixtures folder, or null when this checkout has none beside it. */
export function findFixturesDir(): string | null {
  const candidates: string[] = [];
  if (process.env.DERMIS_SHARED_DIR) candidates.push(path.join(process.env.DERMIS_SHARED_DIR, 'fixtures'));
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    candidates.push(path.join(dir, 'shared', 'fixtures'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return (
    candidates.find((c) => fs.existsSync(path.join(c, SDTC_DIR, 'infrastructure', 'cda', ENTRY))) ?? null
  );
}

interface SchemaFile {
  fileName: string;
  contents: string;
}

let cachedSchema: SchemaFile[] | null = null;

/** Every .xsd of the SDTC schema, with schemaLocation paths cut to their file names. */
export function loadCdaSchema(fixturesDir: string): SchemaFile[] {
  if (cachedSchema) return cachedSchema;
  const root = path.join(fixturesDir, SDTC_DIR);
  const files: SchemaFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.xsd'))
        files.push({
          fileName: entry.name,
          contents: fs
            .readFileSync(full, 'utf8')
            .replace(
              /schemaLocation="([^"]*)"/g,
              (_m, location: string) => `schemaLocation="${path.basename(location)}"`,
            ),
        });
    }
  };
  walk(root);
  if (new Set(files.map((f) => f.fileName)).size !== files.length)
    throw new Error('the CDA schema has two files of one name: it cannot be flattened');
  cachedSchema = files;
  return files;
}

export interface CdaValidation {
  valid: boolean;
  errors: string[];
}

/** Validates `xml` against the CDA R2 + SDTC schema. */
export async function validateCda(xml: string, fixturesDir: string): Promise<CdaValidation> {
  const { validateXML } = await import('xmllint-wasm');
  const schema = loadCdaSchema(fixturesDir);
  const entry = schema.find((f) => f.fileName === ENTRY);
  if (!entry) throw new Error(`${ENTRY} is missing from the CDA schema`);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [entry],
    preload: schema.filter((f) => f !== entry),
    // A large record's document is several megabytes.
    initialMemoryPages: 1024,
    maxMemoryPages: 16384,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
