/**
 * mulberry32: a small, fast PRNG with good spread, seeded so every machine generates the same
 * synthetic rows (the provider directory, the pharmacies). Enough for made-up names; not for secrets.
 */
export function seededRandom(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
