#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm install` through the prepare script).
// dist/bundle/ is the same code bundled by tools/bundle.js (a cold start loads a few chunks instead
// of ~430 modules); dist/src/ alone when only tsc ran.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/bundle/main.js', import.meta.url);
await import(existsSync(bundle) ? bundle.href : '../dist/src/main.js');
