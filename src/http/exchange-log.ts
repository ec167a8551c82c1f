// Every answer of a run, kept whole for the exchange rules. A transport fault left no answer, and a body longer
// than the log keeps is not judged: neither is kept.
import type { Exchange } from '../exchange.ts';
import type { HttpResponse } from '../http/messages.ts';

/** The longest body the log keeps. */
export const keptBodyBytes = 1024 * 1024;

export class ExchangeLog {
  readonly answers: HttpResponse[] = [];

  /** A listener for the client (HttpClient.onExchange). */
  readonly add = (exchange: Exchange, response?: HttpResponse): void => {
    if (response && !exchange.error && response.raw.length <= keptBodyBytes) this.answers.push(response);
  };
}
