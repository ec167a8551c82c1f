// Reading a JSON file a user hands in (a profile, a baseline, a certificate) and checking it against its schema, so that
// every problem names the field at fault, the way profile errors do.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { didYouMean } from './did-you-mean.ts';

export class JsonFileError extends Error {
  override readonly name = 'JsonFileError';
}

export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new JsonFileError(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new JsonFileError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
}

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra = e.params as { additionalProperty?: string; missingProperty?: string };
  return [path, extra.additionalProperty ?? extra.missingProperty].filter(Boolean).join('.') || '(root)';
}

function problem(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') {
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `unknown field${didYouMean((e.params as { additionalProperty: string }).additionalProperty, known)}`;
  }
  if (e.keyword === 'required') return 'required field is missing';
  if (e.keyword === 'const') return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
  return e.message ?? e.keyword;
}

/**
 * A checker for one schema: the first problem as "field: what is wrong", or undefined when the value is valid.
 * With useDefaults the schema's defaults are filled into the value.
 */
export function schemaChecker(
  schemaFile: URL,
  options: { useDefaults?: boolean } = {},
): (value: unknown) => string | undefined {
  const validate = new Ajv({
    allErrors: true,
    strict: true,
    verbose: true,
    useDefaults: options.useDefaults ?? false,
  }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  return (value) => {
    if (validate(value)) return undefined;
    // oneOf reports each branch; the branch errors are more precise than the oneOf summary.
    const first = validate.errors!.find((e) => e.keyword !== 'oneOf') ?? validate.errors![0]!;
    return `${fieldOf(first)}: ${problem(first)}`;
  };
}
