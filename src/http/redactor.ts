// What keeps secrets out of every exchange the run records (src/exchange.ts).

/** Replaces every known secret value, and the secret parts of Authorization headers, before anything is kept. */
export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) out = out.split(secret).join('[REDACTED]');
    return out;
  }

  authorization(value: string): string {
    if (/^bearer\s/i.test(value)) return 'Bearer [REDACTED]';
    if (/^basic\s/i.test(value)) return 'Basic [REDACTED]';
    return this.text(value.replace(/(response|cnonce)="[^"]*"/gi, '$1="[REDACTED]"'));
  }

  headers<T extends string | string[]>(h: Record<string, T>): Record<string, T> {
    const out: Record<string, T> = {};
    for (const [k, v] of Object.entries(h)) {
      const lower = k.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') out[k] = this.authorization(String(v)) as T;
      else out[k] = (Array.isArray(v) ? v.map((x) => this.text(x)) : this.text(v as string)) as T;
    }
    return out;
  }
}
