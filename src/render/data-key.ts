/**
 * Render data kept to compare a later render's data with: equal exactly when a template sees the
 * same values in both. Plain objects (own keys, in order), arrays, strings, finite numbers,
 * booleans, null and undefined. Anything else (a Date, a Map, a class, a function) has no copy,
 * and neither has data bigger than `max` (about the characters of its JSON): such data is
 * rendered each time rather than compared.
 *
 * Compared in place, value by value: the text key this replaced (every value written into one
 * string, then hashed by the Map) cost more per reply than the rest of answering from the cache.
 */
export type PlainCopy = string | number | boolean | null | undefined | PlainList | PlainRecord;

type PlainList = readonly PlainCopy[];

/** A plain object's copy: its own keys in order and their values. */
class PlainRecord {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly PlainCopy[],
  ) {}
}

/** How deep data may nest before it is not worth a copy. */
const MAX_DEPTH = 6;

/** A copy of plain `data` to compare with (`samePlain`), or undefined. */
export function plainCopy(data: unknown, max = 4_096): PlainCopy | undefined {
  const budget = { left: max };
  const copy = copyOf(data, budget, 0);
  return copy === NOT_PLAIN ? undefined : copy;
}

const NOT_PLAIN = Symbol('not plain');

function copyOf(value: unknown, budget: { left: number }, depth: number): PlainCopy | typeof NOT_PLAIN {
  if (depth > MAX_DEPTH) return NOT_PLAIN;
  switch (typeof value) {
    case 'string':
      budget.left -= value.length + 2;
      return budget.left < 0 ? NOT_PLAIN : value;
    case 'number':
      budget.left -= 8;
      return Number.isFinite(value) && !Object.is(value, -0) && budget.left >= 0 ? value : NOT_PLAIN;
    case 'boolean':
    case 'undefined':
      budget.left -= 1;
      return budget.left < 0 ? NOT_PLAIN : value;
    case 'object': {
      budget.left -= 2;
      if (value === null) return budget.left < 0 ? NOT_PLAIN : null;
      return Array.isArray(value) ? listCopy(value, budget, depth) : recordCopy(value, budget, depth);
    }
    default:
      return NOT_PLAIN;
  }
}

/** A list with holes or properties of its own besides its items is no plain list. */
function isPlainList(list: unknown[]): boolean {
  return Object.getPrototypeOf(list) === Array.prototype && Object.keys(list).length === list.length;
}

function isPlainRecord(object: object): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null;
}

function listCopy(list: unknown[], budget: { left: number }, depth: number): PlainList | typeof NOT_PLAIN {
  if (!isPlainList(list)) return NOT_PLAIN;
  const out: PlainCopy[] = [];
  for (const item of list) {
    const copy = copyOf(item, budget, depth + 1);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    out.push(copy);
  }
  return out;
}

function recordCopy(object: object, budget: { left: number }, depth: number): PlainRecord | typeof NOT_PLAIN {
  if (!isPlainRecord(object)) return NOT_PLAIN;
  const keys = Object.keys(object);
  const values: PlainCopy[] = [];
  for (const key of keys) {
    budget.left -= key.length + 3;
    const copy = copyOf((object as Record<string, unknown>)[key], budget, depth + 1);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    values.push(copy);
  }
  return new PlainRecord(keys, values);
}

/** Whether `value` is plain data equal to `copy` (what `plainCopy(value)` would make of it). */
export function samePlain(copy: PlainCopy, value: unknown): boolean {
  if (typeof copy !== 'object' || copy === null) return Object.is(copy, value);
  if (typeof value !== 'object' || value === null) return false;
  if (copy instanceof PlainRecord) {
    if (Array.isArray(value) || !isPlainRecord(value)) return false;
    const expected = copy.keys;
    // for…in lists own keys in Object.keys' order (a plain object inherits none enumerable) and,
    // unlike Object.keys, makes no list per object compared.
    let i = 0;
    for (const key in value) {
      if (key !== expected[i] || !Object.hasOwn(value, key)) return false;
      if (!samePlain(copy.values[i], (value as Record<string, unknown>)[key])) return false;
      i += 1;
    }
    return i === expected.length;
  }
  if (!Array.isArray(value) || value.length !== copy.length || !isPlainList(value)) return false;
  for (let i = 0; i < copy.length; i++) if (!samePlain(copy[i], value[i])) return false;
  return true;
}
