/**
 * A plugin for the tests that grows its heap while it loads, to about 800 MB (a cap, so that a
 * box without a memory bound does not take the machine's memory).
 */

const kept: number[][] = [];
while (kept.length < 1000) kept.push(new Array(100_000).fill(kept.length + 0.5));
export default { name: "load_bomb", version: "1.0" };
