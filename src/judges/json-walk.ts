// Walks a JSON value, naming each place by its path (`replicationSpecs[0].regionConfigs[1].priority`).

export interface JsonNode {
  /** Where the value is: '' for the value itself. */
  path: string;
  /** The field name, when the value is a field of an object. */
  field?: string;
  value: unknown;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value inside `value` (itself included), parents before children. */
export function* walk(value: unknown, path = '', field?: string): Generator<JsonNode> {
  yield { path, field, value };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walk(value[i], `${path}[${i}]`);
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) yield* walk(v, path ? `${path}.${k}` : k, k);
  }
}
