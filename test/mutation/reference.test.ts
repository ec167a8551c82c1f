// The reference target passes every rule with a check (test/mutation/self-test.ts).
import { referencePasses } from './self-test.ts';

referencePasses();
