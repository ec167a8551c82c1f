// Mutants of the reference target, share 2 (test/mutation/self-test.ts).
import { mutantsFail } from './self-test.ts';

mutantsFail(1);
