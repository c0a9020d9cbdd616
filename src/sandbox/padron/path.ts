/** Where the sandbox serves its fictional padrón ZIP (route.ts), on its own origin. */
export const PADRON_PATH = '/padron_reducido_ruc.zip';

/** The name of the text file inside SUNAT's ZIP. */
export const PADRON_ENTRY = 'padron_reducido_ruc.txt';
