#!/usr/bin/env node
// `npm start`: builds what is stale (scripts/ensure-build.mjs), then runs the compiled server in this same process.
// One Node start instead of two: about 60 ms of the 1 s that `npm start` may take to answer (issue 21, ADR 20).
import { ensureBuilt } from './ensure-build.mjs';

ensureBuilt();
await import('../dist/server/main.js');
