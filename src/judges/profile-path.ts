// A path the profile gives (an endpoint of `endpoints`, a project of `projects.ids`): the preflight found it served,
// so a 404 there mid-run is the profile's fact failing, which leaves the rule unjudged (an error naming the field).
import type { HttpResponse } from '../http/messages.ts';
import { ProfileFactError } from '../outcome.ts';
import { describeExchange } from './status.ts';

export function expectProfilePathServed(res: HttpResponse, field: string, what: string): void {
  if (res.status !== 404) return;
  throw new ProfileFactError(
    field,
    `${what}: ${describeExchange(res)}, where the profile's ${field} says it is served`,
    res.exchange,
  );
}
