/**
 * What a RUC lookup in `chasqui chat` must not load (issue 22: a lean process), by what it is: the
 * modules' paths, Chasqui's own or a package's. Checked on the sources (test/cli/lazy-modules.test.ts)
 * and on the bundle's chunks (test/cli/bundle.spawn.test.ts).
 */
export const NOT_FOR_A_LOOKUP: Record<string, RegExp> = {
  'the workbook library (lote result)': /node_modules\/exceljs\//u,
  'the xlsx readers (lote file)': /node_modules\/(yauzl|saxes)\/|commands\/batch\/xlsx-sheet/u,
  // guide-view.ts is the guide's data as the summary reads it; the rest of pdf/ draws it.
  'the guide PDF renderer and fonts':
    /node_modules\/(pdfkit|fontkit|dejavu-fonts-ttf)\/|commands\/guides\/pdf\/(?!guide-view)/u,
  Baileys: /node_modules\/@whiskeysockets\//u,
  'prom-client': /node_modules\/prom-client\//u,
  'the console': /src\/console\/|node_modules\/(qrcode|chart\.js)\//u,
  'the YAML parser (no config file)': /node_modules\/yaml\//u,
  'the padrón importer and its worker': /src\/padron\/(importer|download|edition-build|spawn-worker)/u,
  'the sandbox padrón download and invoice zips': /src\/sandbox\/padron\/(route|zip-writer)/u,
  // A lookup needs undici's Pool (src/lookup/pool.ts), not its index: fetch, WebSocket, mocks.
  "undici's whole library": /node_modules\/undici\/(index\.js|lib\/(web|mock)\/)/u,
};
