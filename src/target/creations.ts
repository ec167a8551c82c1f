// The entities the run has made, by path: every one, and those not yet deleted, so that a create answered with an
// entity the run still holds is told from a new one, and the crawl leaves out what the run made.
const pathOf = (path: string) => new URL(path, 'https://target.invalid').pathname;

export class Creations {
  private readonly made = new Set<string>();
  private readonly live = new Set<string>();

  /** Claims `path` for an entity a create has just made: false when an entity the run made and has not deleted
   * already has it, so that the create made nothing new (a target that answers every create with one entity). */
  claimNew(path: string): boolean {
    if (this.live.has(pathOf(path))) return false;
    this.live.add(pathOf(path));
    return true;
  }

  noteMade(path: string): void {
    this.made.add(pathOf(path));
  }

  noteDeleted(path: string): void {
    this.live.delete(pathOf(path));
  }

  /** Whether `url` is an entity the run created, or below one. */
  madeByRun(url: string): boolean {
    const path = pathOf(url);
    for (const made of this.made) if (path === made || path.startsWith(`${made}/`)) return true;
    return false;
  }
}
