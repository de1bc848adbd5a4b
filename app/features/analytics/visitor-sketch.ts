/**
 * The distinct visitors of a day's value (a page, a campaign …), counted as the page views arrive
 * without keeping who they were: each visitor's hash is reduced to 32 bits, kept exactly while there
 * are few (SPARSE_MAX, so a small site's figures are exact), then as a HyperLogLog of 4,096 one-byte
 * registers (about 1.6% off, at most 4 KB however many visit). Two sketches merge, so a day's values
 * beyond those kept by name still count each visitor once under OTHER.
 *
 * Stored as a Buffer: a first byte 0 then the sorted 32-bit values, or 1 then the registers.
 */
const PRECISION = 12;
const REGISTERS = 1 << PRECISION;
const SPARSE_MAX = 1023;
const SPARSE = 0;
const DENSE = 1;

export type Sketch = Buffer;

export const emptySketch = (): Sketch => Buffer.from([SPARSE]);

/** The 32 bits of a visitor's hash (hex, already uniform: a salted SHA-256) a sketch counts. */
export const visitorBits = (visitor: string) => Number.parseInt(visitor.slice(0, 8), 16) >>> 0;

const sparseValues = (sketch: Sketch) =>
  Array.from({ length: (sketch.length - 1) / 4 }, (_, i) => sketch.readUInt32LE(1 + i * 4));

function sparseOf(values: number[]): Sketch {
  const sketch = Buffer.alloc(1 + values.length * 4);
  values.forEach((value, i) => sketch.writeUInt32LE(value, 1 + i * 4));
  return sketch;
}

function registerOf(registers: Buffer, value: number) {
  const index = value >>> (32 - PRECISION);
  const rest = (value << PRECISION) >>> 0;
  const rank = Math.min(Math.clz32(rest), 32 - PRECISION) + 1;
  if (registers[1 + index]! < rank) registers[1 + index] = rank;
}

function denseOf(values: Iterable<number>): Sketch {
  const registers = Buffer.alloc(1 + REGISTERS);
  registers[0] = DENSE;
  for (const value of values) registerOf(registers, value);
  return registers;
}

/** `sketch` with the visitors' bits added (a new Buffer when it grows or changes form). */
export function addVisitors(sketch: Sketch, bits: Iterable<number>): Sketch {
  if (sketch[0] === DENSE) {
    for (const value of bits) registerOf(sketch, value);
    return sketch;
  }
  const values = new Set(sparseValues(sketch));
  const before = values.size;
  for (const value of bits) values.add(value);
  if (values.size === before) return sketch;
  if (values.size > SPARSE_MAX) return denseOf(values);
  return sparseOf([...values].sort((a, b) => a - b));
}

/** Both sketches' visitors in one. */
export function mergeSketches(a: Sketch, b: Sketch): Sketch {
  if (a[0] !== DENSE && b[0] !== DENSE) return addVisitors(a, sparseValues(b));
  const into = a[0] === DENSE ? Buffer.from(a) : denseOf(sparseValues(a));
  if (b[0] === DENSE) {
    for (let i = 1; i <= REGISTERS; i++) if (into[i]! < b[i]!) into[i] = b[i]!;
    return into;
  }
  return addVisitors(into, sparseValues(b));
}

/** How many distinct visitors: exact while sparse, else HyperLogLog's estimate. */
export function visitorCount(sketch: Sketch): number {
  if (sketch[0] !== DENSE) return (sketch.length - 1) / 4;
  let sum = 0;
  let zeros = 0;
  for (let i = 1; i <= REGISTERS; i++) {
    sum += 2 ** -sketch[i]!;
    if (sketch[i] === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / REGISTERS);
  const estimate = (alpha * REGISTERS * REGISTERS) / sum;
  // Few visitors for the registers: linear counting is the better estimate.
  if (estimate <= 2.5 * REGISTERS && zeros > 0) return Math.round(REGISTERS * Math.log(REGISTERS / zeros));
  return Math.round(estimate);
}
