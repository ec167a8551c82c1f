// The target's clock, estimated from its Date headers (one-second resolution): the offset from our clock
// lies in [low, high], narrowed by every response (a response dated D, sent at s and received at r, means
// the target's time at some instant within [s, r] was within [D, D + 1 s)).
export class TargetClock {
  low = -Infinity;
  high = Infinity;
  /** Largest round trip seen: a request sent now may arrive up to this much later. */
  maxRoundTripMs = 0;

  observe(dateHeader: string | undefined, sentAt: number, receivedAt: number): void {
    this.maxRoundTripMs = Math.max(this.maxRoundTripMs, receivedAt - sentAt);
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

  /** Earliest and latest target time at which a request sent at local time `t` can arrive. */
  arrival(t: number): [number, number] {
    if (!this.known()) return [t - 1000, t + 1000 + this.maxRoundTripMs];
    return [t + this.low, t + this.high + this.maxRoundTripMs];
  }
}
