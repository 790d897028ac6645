/**
 * Every request schema of the contract is built from the safe rules: each string it accepts carries
 * the storable-text check of `safeString`, and each number is held to 32 bits. Walks the exported
 * schemas, so a new request schema is covered without being listed here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index';
import { safeString } from './rules';

type Node = z.ZodType & {
  _zod: { def: Record<string, unknown> & { type: string }; bag: Record<string, unknown> };
};

const storableCheck = (safeString as unknown as Node)._zod.def.checks as unknown[];
const int32Min = -2_147_483_648;
const int32Max = 2_147_483_647;

interface Check {
  _zod: { def: { check: string; value?: number; format?: string } };
}

/** The lowest and highest value a number schema's checks allow. */
function bounds(checks: unknown): [number, number] {
  let low = -Infinity;
  let high = Infinity;
  for (const { _zod } of (checks ?? []) as Check[]) {
    const { check, value, format } = _zod.def;
    if (check === 'greater_than' && typeof value === 'number') low = Math.max(low, value);
    if (check === 'less_than' && typeof value === 'number') high = Math.min(high, value);
    if (check === 'number_format' && format === 'int32')
      [low, high] = [Math.max(low, int32Min), Math.min(high, int32Max)];
  }
  return [low, high];
}

/** Paths (inside the schema) of strings without the storable check and numbers beyond 32 bits. */
function unsafeLeaves(node: Node, path: string, out: string[]): void {
  const def = node._zod.def;
  switch (def.type) {
    case 'string': {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      if (!checks.includes(storableCheck[0])) out.push(`${path}: string without safeString`);
      return;
    }
    case 'number': {
      const [minimum, maximum] = bounds(def.checks);
      if (minimum < int32Min || maximum > int32Max) out.push(`${path}: number not held to 32 bits`);
      return;
    }
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Node>))
        unsafeLeaves(child, `${path}.${key}`, out);
      return;
    case 'array':
      unsafeLeaves(def.element as Node, `${path}[]`, out);
      return;
    case 'union':
      (def.options as Node[]).forEach((option, i) => unsafeLeaves(option, `${path}|${i}`, out));
      return;
    case 'pipe': {
      // A coerced input (text to number) is checked by what it is piped into.
      const input = def.in as Node;
      if (input._zod.def.type !== 'number') unsafeLeaves(input, path, out);
      unsafeLeaves(def.out as Node, path, out);
      return;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      unsafeLeaves(def.innerType as Node, path, out);
      return;
    // The output side of a .transform() pipe: the input it receives was checked by the pipe's `in`.
    case 'transform':
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'null':
      return;
    default:
      out.push(`${path}: unexpected ${def.type} (teach this test about it)`);
  }
}

const requestSchemas = Object.entries(contract).filter(
  ([name, value]) =>
    /(Request|Query|Params)$/.test(name) && typeof value === 'object' && value !== null && '_zod' in value,
) as unknown as [string, Node][];

describe('request schemas', () => {
  it('are found', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'passwordLoginRequest',
        'unsubscribeQuery',
        'ridParams',
        'upsertPatientRequest',
      ]),
    );
  });

  it.each(requestSchemas)(
    '%s uses safeString for every string and int32 for every number',
    (name, schema) => {
      const problems: string[] = [];
      unsafeLeaves(schema, name, problems);
      expect(problems).toEqual([]);
    },
  );

  it('the walk notices a plain z.string() and an unbounded integer', async () => {
    const { z: zod } = await import('zod');
    const problems: string[] = [];
    unsafeLeaves(
      zod.object({
        a: zod.string(),
        b: zod.number().int(),
        c: contract.safeString.trim(),
      }) as unknown as Node,
      'probe',
      problems,
    );
    expect(problems).toEqual(['probe.a: string without safeString', 'probe.b: number not held to 32 bits']);
  });
});
