# syntax=docker/dockerfile:1
# Chasqui: multi-stage build. The builder compiles TypeScript and the native SQLite module;
# the runtime image carries only production dependencies, runs as a non-root user and keeps
# all state (WhatsApp session, outbox, cache, schedules) in the /data volume.

# Node 20 on Debian 12 (glibc): better-sqlite3 12.9.0 (package.json) publishes prebuilt binaries
# for Node 20/22/23/24 (ABI 115/127/131/137) on linux glibc and musl, x64 and arm64, so
# `npm rebuild` below downloads one instead of compiling. Keep NODE_VERSION on such a line when
# either moves (better-sqlite3 13 needs Node 22).
ARG NODE_VERSION=20.20.2

FROM node:${NODE_VERSION}-bookworm-slim AS build
# The toolchain is the fallback: better-sqlite3 is compiled from source when no prebuilt binary
# can be downloaded (offline build, other architecture).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts skips `prepare` (sources are not copied yet); native modules are built below.
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3 protobufjs
COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY src ./src
COPY commands ./commands
COPY bench ./bench
COPY tools ./tools
# tsc into dist/, then tools/bundle.js bundles the CLI into dist/bundle/ (what bin/chasqui.js runs).
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# tini as PID 1 (see ENTRYPOINT): Kubernetes has no `--init`, and `docker run` without it would
# leave node as PID 1.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX: two malloc arenas instead of one per thread, so the memory that start-up frees
# does not stay resident in per-thread arenas (~3 MB idle). The node flags are on CMD below.
ENV NODE_ENV=production \
    CHASQUI_DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/bin ./bin
COPY --chown=node:node templates ./templates
COPY --chown=node:node console ./console
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Keep the WhatsApp session across container restarts: mount a named volume on /data.
# Only one container may use a given /data at a time (Chasqui locks it).
# The default command is what `npm start` runs (package.json "start": keep the two in step), with
# the memory flags below and node itself as the main process: npm does not pass SIGTERM on to its
# child (checked with npm 11), so `docker stop` would never reach Chasqui's handler that drains the
# outbox and closes without logging out. bin/chasqui.js runs dist/bundle/ (the CLI bundled by
# tools/bundle.js: a few chunks to load instead of ~430 modules, minified, so less source for V8 to
# parse and to keep in the heap); dist/src/ is the same code unbundled, which bin/healthcheck.js
# and `node dist/src/main.js …` still run. tini is PID 1: it forwards SIGTERM to node and reaps zombies, in Docker and
# in Kubernetes alike (`-s`: also when `docker run --init` or compose `init: true` put another
# init in front of it).
# Memory (issue 22: one number per container, many on a machine; `npm run bench -- process` reads
# these flags and MALLOC_ARENA_MAX from here and measures `chasqui start` and the 1,000-command
# burst with and without them). --max-semi-space-size=1: V8's young generation grows to 2 × 16 MB
# in start-up's allocation burst and stays that size; 2 × 1 MB saves ~35 MB idle (~5 MB of it, and
# ~8 MB of the burst's peak, over 2 × 4 MB) for more, shorter scavenges (the burst's CPU time did
# not change beyond its run-to-run spread, 2.2–3.2 s over three runs each). --heap-growing-percent=30:
# the next full GC comes when the old generation has grown 30% over what the last one kept (V8's
# own factor let the burst's heap reach ~96 MB, ~70 MB with this): ~12 MB off the burst's peak RSS
# for ~7% more CPU in it. --liftoff-only: WebAssembly (undici's HTTP parser, llhttp; Baileys' hkdf,
# md5 and LT-hash from whatsapp-rust-bridge) stays on V8's baseline compiler: its optimizing tier
# compiled llhttp's parser on the first lookups, ~30 MB of compiler memory for a moment, which was
# the burst's peak RSS (~18 MB off it, and the peak no longer depends on when that compile ran);
# the burst's CPU time does not change measurably (parsing small API responses). None of the
# three changes what the process can hold: the heap limit is V8's default.
# The operations console and /healthz, /readyz, /metrics listen on CHASQUI_CONSOLE_PORT (8390),
# on 127.0.0.1 inside the container unless CHASQUI_CONSOLE_HOST=0.0.0.0 (which needs
# CHASQUI_CONSOLE_PASSWORD); docker-compose.yml publishes it on the host's loopback only.
EXPOSE 8390
# Liveness only: /readyz fails while waiting to be paired, which is no reason to restart.
# bin/healthcheck.js asks /healthz on the configured port and host; with CHASQUI_CONSOLE_PORT=off
# it checks instead that `chasqui start` holds the /data lock with a recent heartbeat.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "bin/healthcheck.js"]
ENTRYPOINT ["/usr/bin/tini", "-s", "--"]
CMD ["node", "--max-semi-space-size=1", "--heap-growing-percent=30", "--liftoff-only", "bin/chasqui.js", "start"]
