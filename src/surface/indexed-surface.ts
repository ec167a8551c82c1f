// A surface that answers, for a concrete path below the v2 base, which of its operations the path is an instance of,
// working it out once per path: the rules that judge every answer of a run or an archive ask it of each answer, and a
// published document holds some 600 operations.
import { instancesOf } from '../probes/path-template.ts';
import { methodsOf, shapeOf, type Surface, type SurfaceMethod, type SurfaceOperation } from './model.ts';

/** The number of segments of a path or template: a parameter fills one segment, so only templates of as many
 * segments as a path can be its own. */
const segments = (path: string) => path.split('/').length;

export class IndexedSurface implements Surface {
  readonly source: string;
  readonly operations: SurfaceOperation[];
  private readonly bySegments = new Map<number, SurfaceOperation[]>();
  private readonly found = new Map<string, SurfaceOperation[]>();

  /** The surface indexed: itself where it already is (the run's, read once), so that its paths are found once. */
  static of(surface: Surface): IndexedSurface {
    return surface instanceof IndexedSurface ? surface : new IndexedSurface(surface);
  }

  private constructor(surface: Surface) {
    this.source = surface.source;
    this.operations = surface.operations;
    for (const o of surface.operations) {
      const n = segments(o.template);
      const bucket = this.bySegments.get(n) ?? [];
      bucket.push(o);
      this.bySegments.set(n, bucket);
    }
  }

  /** The operations `path` is an instance of, the most literal template first (the path's own). */
  at(path: string): readonly SurfaceOperation[] {
    let ops = this.found.get(path);
    if (!ops) {
      ops = instancesOf(this.bySegments.get(segments(path)) ?? [], path);
      this.found.set(path, ops);
    }
    return ops;
  }

  /** The operation a request `method path` is: of that method, the most literal template the path fills. */
  operationAt(method: string, path: string): SurfaceOperation | undefined {
    return this.at(path).find((o) => o.method === method);
  }

  /** The template `path` is (the most literal it fills, of any method), with the methods the surface serves there
   * (HEAD wherever GET is). */
  methodsServedAt(path: string): { template: string; methods: SurfaceMethod[] } | undefined {
    const own = this.at(path)[0];
    if (!own) return undefined;
    const shape = shapeOf(own.template);
    return { template: own.template, methods: methodsOf(this.at(path).filter((o) => shapeOf(o.template) === shape)) };
  }
}
