#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm install` through the prepare script).
import '../dist/src/main.js';
