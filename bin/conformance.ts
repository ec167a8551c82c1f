#!/usr/bin/env node
// The conformance CLI of the installed package, compiled to dist/bin/conformance.js (npm run build): no tsx.
import '../src/cli/main.ts';
