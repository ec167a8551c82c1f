// The one Target of this run: the runner provides the setup, the client is reused by every check, and each request
// it sends carries the running check's signal, evidence and time paced under the rate limit.
import { inject } from 'vitest';
import { Target } from '../target/target.ts';
import { record } from './evidence.ts';
import { paced } from './paced-time.ts';
import { perRun } from './per-run.ts';
import { checkSignal } from './running-checks.ts';

export const target = perRun(() => new Target(inject('conformance'), { signal: checkSignal, record, pace: paced }));
