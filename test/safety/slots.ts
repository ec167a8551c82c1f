// At most a few CLI runs at once per test file: each is a process of its own, and the machine is small and shared.
let free = 3;
const waiting: (() => void)[] = [];

export async function inSlot<T>(fn: () => Promise<T>): Promise<T> {
  while (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  free -= 1;
  try {
    return await fn();
  } finally {
    free += 1;
    waiting.shift()?.();
  }
}
