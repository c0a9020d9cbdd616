/**
 * A text that is equal for two render data exactly when a template sees the same values in them:
 * plain objects (own keys, in order), arrays, strings, finite numbers, booleans, null and
 * undefined, each written with its type. Anything else (a Date, a Map, a class, a function) gives
 * undefined, and so does data longer than `max` characters once written: such data is rendered
 * each time rather than compared.
 */
export function dataKey(data: unknown, max = 4_096): string | undefined {
  const out = { text: '', max };
  return write(data, out, 0) && out.text.length <= max ? out.text : undefined;
}

/** How deep data may nest before it is not worth a key. */
const MAX_DEPTH = 6;

function write(value: unknown, out: { text: string; max: number }, depth: number): boolean {
  if (out.text.length > out.max || depth > MAX_DEPTH) return false;
  switch (typeof value) {
    case 'string':
      out.text += JSON.stringify(value);
      return true;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) return false;
      out.text += `#${value}`;
      return true;
    case 'boolean':
      out.text += value ? 'T' : 'F';
      return true;
    case 'undefined':
      out.text += 'U';
      return true;
    case 'object':
      if (value === null) {
        out.text += 'N';
        return true;
      }
      return Array.isArray(value) ? writeArray(value, out, depth) : writeObject(value, out, depth);
    default:
      return false;
  }
}

function writeArray(list: unknown[], out: { text: string; max: number }, depth: number): boolean {
  // A list with holes or properties of its own besides its items is no plain list.
  if (Object.getPrototypeOf(list) !== Array.prototype || Object.keys(list).length !== list.length)
    return false;
  out.text += '[';
  for (const item of list) {
    if (!write(item, out, depth + 1)) return false;
    out.text += ',';
  }
  out.text += ']';
  return true;
}

function writeObject(object: object, out: { text: string; max: number }, depth: number): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== Object.prototype && proto !== null) return false;
  out.text += '{';
  for (const [key, item] of Object.entries(object)) {
    out.text += `${JSON.stringify(key)}:`;
    if (!write(item, out, depth + 1)) return false;
    out.text += ',';
  }
  out.text += '}';
  return true;
}
