/** `node --import ./test/helpers/ts-register.mjs src/main.ts ...`: runs the TypeScript CLI without a build. */
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
