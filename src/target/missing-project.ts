// The project id of the run's 404 probes: the run's scope lets it through, as the one project it knows not to exist.
import { randomBytes } from 'node:crypto';
import { perRun } from '../harness/per-run.ts';

/** A well-formed project id that names no project (24 hex digits, as project ids are); one per run. */
export const missingProjectId = perRun(() => `f0f0${randomBytes(10).toString('hex')}`);
