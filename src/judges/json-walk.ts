// Walks a JSON value, naming each place by its path (`replicationSpecs[0].regionConfigs[1].priority`).

export interface JsonNode {
  /** Where the value is: '' for the value itself. */
  path: string;
  /** The field name, when the value is a field of an object. */
  field?: string;
  value: unknown;
}

/** A JSON object: an entity, a request body, an error. */
export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value inside `value` (itself included), parents before children. */
export function* walk(value: unknown, path = '', field?: string): Generator<JsonNode> {
  // A stack rather than nested generators: every node is yielded once, not once per level above it.
  const stack: JsonNode[] = [field === undefined ? { path, value } : { path, field, value }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    const v = node.value;
    const at = node.path;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ path: `${at}[${i}]`, value: v[i] });
    } else if (isObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        stack.push({ path: at ? `${at}.${k}` : k, field: k, value: child });
      }
    }
  }
}
