/**
 * Why a data directory or its database could not be opened, as one typed error whose message
 * (Spanish / English) names the path and the fix. The CLI prints it and exits with
 * EXIT_CODES.dataDir, whatever the subcommand.
 */
export type DataStoreProblem =
  | 'not-a-database'
  | 'malformed'
  | 'read-only'
  | 'not-a-directory'
  | 'is-a-directory'
  | 'permission'
  | 'schema-newer'
  | 'key-file';

export class DataStoreError extends Error {
  constructor(
    readonly problem: DataStoreProblem,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DataStoreError';
  }
}

const FIXES: Record<Exclude<DataStoreProblem, 'schema-newer'>, (p: string) => string> = {
  'not-a-database': (p) =>
    `${p} no es una base de datos SQLite. Muévalo a otro lugar o use otro --data-dir. ` +
    `/ ${p} is not an SQLite database: move it away or use another --data-dir.`,
  malformed: (p) =>
    `${p} está dañado (malformed). Restaure una copia (p. ej. chasqui.db.bak-v<N>) o muévalo y vuelva a vincular. ` +
    `/ ${p} is corrupt: restore a backup or move it away and pair again.`,
  'read-only': (p) =>
    `No se puede escribir en ${p}. Dé permiso de escritura al usuario que ejecuta Chasqui (chown/chmod). ` +
    `/ ${p} is read-only: give the user running Chasqui write access.`,
  'not-a-directory': (p) =>
    `${p} es un archivo, pero debe ser una carpeta de datos. Use otro --data-dir o mueva el archivo. ` +
    `/ ${p} is a file, not a directory: use another --data-dir or move the file away.`,
  'is-a-directory': (p) =>
    `${p} es una carpeta, pero debe ser el archivo de la base de datos. Muévala a otro lugar. ` +
    `/ ${p} is a directory where the database file should be: move it away.`,
  permission: (p) =>
    `Sin permiso para usar ${p}. Ejecute Chasqui con el usuario dueño de la carpeta o corrija los permisos. ` +
    `/ No permission for ${p}: run as the directory's owner or fix its permissions.`,
  'key-file': (p) =>
    `No se pudo leer ${p}. Restaure secret.key de su copia o defina CHASQUI_SECRET. ` +
    `/ Cannot read ${p}: restore secret.key or set CHASQUI_SECRET.`,
};

/** An error for `problem` at `path` with the standard fix text. */
export function dataStoreError(
  problem: Exclude<DataStoreProblem, 'schema-newer'>,
  path: string,
  cause?: unknown,
): DataStoreError {
  return new DataStoreError(problem, path, FIXES[problem](path), { cause });
}

/** The schema was written by a newer Chasqui: refused and left untouched. */
export function schemaNewerError(path: string, found: number, known: number): DataStoreError {
  return new DataStoreError(
    'schema-newer',
    path,
    `${path} tiene el esquema v${found}, más nuevo que el de esta versión de Chasqui (v${known}). ` +
      `No se modificó. Actualice Chasqui o use otro --data-dir. / ${path} has schema v${found}, newer than ` +
      `this Chasqui's v${known}; left untouched. Upgrade Chasqui or use another --data-dir.`,
  );
}

/** Maps an fs or SQLite failure while opening to a DataStoreError (undefined when unrelated). */
export function classifyOpenError(error: unknown, dir: string, file: string): DataStoreError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'SQLITE_NOTADB':
      return dataStoreError('not-a-database', file, error);
    case 'SQLITE_CORRUPT':
      return dataStoreError('malformed', file, error);
    case 'SQLITE_READONLY':
    case 'SQLITE_READONLY_DBMOVED':
    case 'EROFS':
      return dataStoreError('read-only', file, error);
    case 'ENOTDIR':
    case 'EEXIST':
      return dataStoreError('not-a-directory', dir, error);
    case 'EISDIR':
      return dataStoreError('is-a-directory', file, error);
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'SQLITE_AUTH':
      return dataStoreError('permission', dir, error);
    default:
      return undefined;
  }
}
