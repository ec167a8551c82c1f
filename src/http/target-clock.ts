// The target's clock, estimated from its Date headers (one-second resolution): the offset from our clock
// lies in [low, high], narrowed by every response (a response dated D, sent at s and received at r, means
// the target's time at some instant within [s, r] was within [D, D + 1 s)).
/** Before any Date header, the offset is taken to lie within this much either way. */
const unknownSpreadMs = 1000;
/** Weight of the newest round trip in the running average. */
const smoothing = 0.2;

/** What a clock has learnt, as plain data (JSON has no infinities: an unknown bound is null). */
export interface ClockState {
  low: number | null;
  high: number | null;
  maxRoundTripMs: number;
  typicalRoundTripMs?: number;
}

export class TargetClock {
  low = -Infinity;
  high = Infinity;
  /** Largest round trip seen: a request sent now may arrive up to this much later. */
  maxRoundTripMs = 0;
  /** Running average of round trips: how long a request typically takes. */
  typicalRoundTripMs: number | undefined;

  constructor(from?: ClockState) {
    if (!from) return;
    this.low = from.low ?? -Infinity;
    this.high = from.high ?? Infinity;
    this.maxRoundTripMs = from.maxRoundTripMs;
    this.typicalRoundTripMs = from.typicalRoundTripMs;
  }

  state(): ClockState {
    const finite = (v: number) => (Number.isFinite(v) ? v : null);
    return {
      low: finite(this.low),
      high: finite(this.high),
      maxRoundTripMs: this.maxRoundTripMs,
      ...(this.typicalRoundTripMs !== undefined ? { typicalRoundTripMs: this.typicalRoundTripMs } : {}),
    };
  }

  observe(dateHeader: string | undefined, sentAt: number, receivedAt: number): void {
    const roundTrip = receivedAt - sentAt;
    this.maxRoundTripMs = Math.max(this.maxRoundTripMs, roundTrip);
    this.typicalRoundTripMs =
      this.typicalRoundTripMs === undefined
        ? roundTrip
        : this.typicalRoundTripMs + smoothing * (roundTrip - this.typicalRoundTripMs);
    const date = dateHeader ? Date.parse(dateHeader) : NaN;
    if (Number.isNaN(date)) return;
    const low = date - receivedAt;
    const high = date + 1000 - sentAt;
    // Samples that contradict the others (a clock step) restart the estimate.
    if (low > this.high || high < this.low) {
      this.low = low;
      this.high = high;
      return;
    }
    this.low = Math.max(this.low, low);
    this.high = Math.min(this.high, high);
  }

  known(): boolean {
    return Number.isFinite(this.low) && Number.isFinite(this.high);
  }

  /** The offset's bounds, or a wide guess before the first Date header. */
  bounds(): { low: number; high: number } {
    return this.known() ? { low: this.low, high: this.high } : { low: -unknownSpreadMs, high: unknownSpreadMs };
  }

  /** Earliest and latest target time at which a request sent at local time `t` can arrive. */
  arrival(t: number): [number, number] {
    const { low, high } = this.bounds();
    return [t + low, t + high + this.maxRoundTripMs];
  }

  /** Earliest and latest target time at which a request sent at `sentAt` and answered at `receivedAt` arrived. */
  landed(sentAt: number, receivedAt: number): [number, number] {
    const { low, high } = this.bounds();
    return [sentAt + low, receivedAt + high];
  }
}
