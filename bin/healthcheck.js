#!/usr/bin/env node
// The container's health check (Dockerfile HEALTHCHECK): /healthz when the console is on, the
// data-directory lock's heartbeat when it is off. Exit 0 healthy, 1 not; one line says why.
import { runHealthcheck } from '../dist/src/ops/healthcheck.js';

const result = await runHealthcheck(process.env);
console.log(result.message);
process.exitCode = result.ok ? 0 : 1;
