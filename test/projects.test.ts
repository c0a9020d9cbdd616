import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testProjects } from './projects.js';

/** The project split of vitest.config.ts, on a scratch tree of test files with known imports. */
const root = mkdtempSync(path.join(os.tmpdir(), 'chasqui-projects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

write('test/helpers/starts.ts', "import { startSandbox } from '../../src/sandbox/server.js';\n");
write('test/helpers/pure.ts', "import { waText } from './messages.js';\nimport data from './data.json';\n");
write(
  'test/a/pure.test.ts',
  "import { describe } from 'vitest';\nimport { waText } from '../helpers/pure.js';\n",
);
write(
  'test/a/types-only.test.ts',
  "import type { Server } from 'node:http';\nimport { type Agent } from 'node:net';\n",
);
write('test/a/spawns.test.ts', "import { spawn } from 'node:child_process';\n");
write('test/a/via-helper.test.ts', "import {\n  harness,\n  type Other,\n} from '../helpers/starts.js';\n");
write('test/a/type-of-helper.test.ts', "import type { Handle } from '../helpers/starts.js';\n");
write('test/a/starter-named.test.ts', "import { runStart as start } from '../../src/cli/start.js';\n");
write(
  'test/a/pure-from-same-module.test.ts',
  "import { outboxFailedAlert } from '../../src/cli/start.js';\n",
);
write(
  'test/a/renders-pdf.test.ts',
  "import { renderGuidePdf } from '../../commands/guides/pdf/delivery-guide.js';\n",
);
write('test/helpers/reads-pdf.ts', "import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';\n");
write('test/a/via-pdf-helper.test.ts', "import { pdfText } from '../helpers/reads-pdf.js';\n");
write('test/a/grammar.fuzz.test.ts', "import fc from 'fast-check';\n");
write('test/a/reads-disk.test.ts', "import { readFileSync, type Stats } from 'node:fs';\n");
write('test/a/writes-disk.test.ts', "import {\n  mkdtempSync,\n  readFileSync,\n} from 'node:fs';\n");
write('test/a/writes-async.test.ts', "import { rm as remove } from 'node:fs/promises';\n");
write('test/helpers/temp-dir.ts', "import { mkdtempSync } from 'node:fs';\n");
write('test/a/via-temp-helper.test.ts', "import { tempDir } from '../helpers/temp-dir.js';\n");
write(
  'test/b/console.test.ts',
  "import { chromium } from 'playwright-core';\nimport { spawn } from 'node:child_process';\n",
);

describe('test projects', () => {
  it('sorts test files by what they and their helpers import', () => {
    expect(testProjects(root)).toEqual({
      unit: [
        'test/a/pure-from-same-module.test.ts',
        'test/a/pure.test.ts',
        'test/a/reads-disk.test.ts',
        'test/a/type-of-helper.test.ts',
        'test/a/types-only.test.ts',
      ],
      integration: [
        'test/a/grammar.fuzz.test.ts',
        'test/a/renders-pdf.test.ts',
        'test/a/spawns.test.ts',
        'test/a/starter-named.test.ts',
        'test/a/via-helper.test.ts',
        'test/a/via-pdf-helper.test.ts',
        'test/a/via-temp-helper.test.ts',
        'test/a/writes-async.test.ts',
        'test/a/writes-disk.test.ts',
      ],
      browser: ['test/b/console.test.ts'],
    });
  });
});
