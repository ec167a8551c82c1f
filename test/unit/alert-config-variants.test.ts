// The alert-configuration variants the severityOverride rule tries (spec 2.6): every one the spec names, the profile's
// body first, and the profile's others; and the batches they go in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertConfigVariants, inBatches, specVariants } from '../../suites/support/alert-config-variants.ts';

const spec = readFileSync('spec/admin-api-spec.md', 'utf8');
const reference = JSON.parse(readFileSync('config/reference.json', 'utf8')) as {
  alertConfigs: { variants: { name: string; body: Record<string, unknown> }[] };
};

describe('alertConfigVariants', () => {
  it('names the sixteen variants of spec 2.6, as the spec writes them', () => {
    const row = spec.split('\n').find((l) => l.startsWith('| Alert configuration |'))!;
    const listed = row.slice(row.indexOf('variants: ') + 'variants: '.length, row.indexOf(' (added')).split(', ');
    expect(specVariants).toEqual(listed);
    expect(specVariants).toHaveLength(16);
  });

  it("gives every spec variant a body, the profile's where it lists the variant", () => {
    const variants = alertConfigVariants(reference.alertConfigs.variants);
    expect(variants.map((v) => v.name)).toEqual(specVariants);
    for (const listed of reference.alertConfigs.variants) {
      expect(variants.find((v) => v.name === listed.name)).toEqual({
        name: listed.name,
        body: listed.body,
        listed: true,
      });
    }
    const own = variants.filter((v) => !v.listed);
    expect(own).toHaveLength(16 - reference.alertConfigs.variants.length);
    for (const v of own)
      expect(v.body).toMatchObject({ eventTypeName: expect.any(String), notifications: expect.any(Array) });
    expect(variants.every((v) => !('severityOverride' in v.body))).toBe(true);
  });

  it("adds the profile's variants the spec does not name, after the spec's", () => {
    const extra = { name: 'Some Later Alert Configuration', body: { eventTypeName: 'LATER' } };
    const variants = alertConfigVariants([extra]);
    expect(variants).toHaveLength(17);
    expect(variants.at(-1)).toEqual({ ...extra, listed: true });
  });
});

describe('inBatches', () => {
  it('cuts in order into runs of at most the size', () => {
    expect(inBatches([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(inBatches([], 4)).toEqual([]);
  });
});
