#!/usr/bin/env node
// The embedded reference target alone, as a mock endpoint (see reference/main.ts for its options).
import { register } from 'tsx/esm/api';

register();
await import('../reference/main.ts');
