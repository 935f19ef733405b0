import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { runPool } from "../util/worker_pool.ts";

/** A worker module in a temporary folder, answering with `body` (a function of init and task). */
function workerModule(dir: string, body: string): URL {
  const pool = new URL("../util/worker_pool.ts", import.meta.url).href;
  const url = new URL(`file://${dir}/worker_${crypto.randomUUID().slice(0, 8)}.ts`);
  Deno.writeTextFileSync(url, `import { servePool } from "${pool}";\n${body}\n`);
  return url;
}

async function* numbers(n: number, seen?: number[]) {
  for (let i = 0; i < n; i++) {
    seen?.push(i);
    yield { task: i };
  }
}

Deno.test("runPool() gives the answers in input order when later chunks finish first", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    // Even chunks take longer, so answers arrive out of order.
    const module = workerModule(
      dir,
      "servePool((init: number) => async (n: number) => {\n" +
        "  await new Promise((r) => setTimeout(r, n % 2 === 0 ? 20 : 1));\n" +
        "  return { answer: n + init };\n});",
    );
    const got: number[] = [];
    for await (
      const a of runPool<number, number, number>(numbers(30), {
        module,
        workers: 3,
        init: 1000,
        name: "Test",
      })
    ) got.push(a);
    assertEquals(got, Array.from({ length: 30 }, (_, i) => 1000 + i));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("runPool() pulls chunks only as they can be sent (at most four per worker out)", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const module = workerModule(dir, "servePool(() => (n: number) => ({ answer: n }));");
    const pulled: number[] = [];
    const pool = runPool<null, number, number>(numbers(1000, pulled), {
      module,
      workers: 2,
      init: null,
      name: "Test",
    });
    const first = await pool.next();
    assertEquals(first.value, 0);
    // Pulled while the first answer was awaited: no more than the window (2 workers x 4).
    assertEquals(pulled.length <= 8 + 1, true);
    await pool.return(undefined);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("runPool() names a worker that fails to start, or throws, and ends the others", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const broken = workerModule(
      dir,
      "servePool(() => { throw new Error('no model here'); });",
    );
    await rejects(async () => {
      for await (
        const _ of runPool(numbers(3), { module: broken, workers: 2, init: 0, name: "Test" })
      );
    }, /^PluginError: Test worker failed to start: no model here$/);
    const throwing = workerModule(
      dir,
      "servePool(() => (n: number) => { if (n === 5) throw new Error('boom'); return { answer: n }; });",
    );
    await rejects(async () => {
      for await (
        const _ of runPool(numbers(20), { module: throwing, workers: 2, init: 0, name: "Test" })
      );
    }, /^PluginError: Test worker stopped: boom$/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("runPool() closes its source when the run ends early", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const module = workerModule(dir, "servePool(() => (n: number) => ({ answer: n }));");
    let closed = false;
    const source = async function* () {
      try {
        for (let i = 0;; i++) yield { task: i };
      } finally {
        closed = true;
      }
    };
    for await (
      const a of runPool<null, number, number>(source(), {
        module,
        workers: 2,
        init: null,
        name: "Test",
      })
    ) if (a === 10) break;
    assertEquals(closed, true);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
