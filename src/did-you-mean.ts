// "did you mean" for a mistyped word: the nearest known word by edit distance, when it is near enough to be a typo.

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The known word nearest to `word` (case-insensitive), or undefined when none is within a third of its length. */
export function nearest(word: string, known: Iterable<string>): string | undefined {
  let best: { word: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(word.toLowerCase(), k.toLowerCase());
    if (!best || d < best.d) best = { word: k, d };
  }
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.word : undefined;
}

/** ` (did you mean X?)` when a known word is near, otherwise the empty string. */
export function didYouMean(word: string, known: Iterable<string>): string {
  const n = nearest(word, known);
  return n ? ` (did you mean ${n}?)` : '';
}
