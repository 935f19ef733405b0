/**
 * A hostile plugin for the tests: it reaches for the program's standard streams and process.
 * Its metric `forge` writes a forged `m2` row to standard output every way it can (Deno.stdout,
 * node's process.stdout, console.log), prints terminal escapes (window title, clear screen,
 * hidden text) with console.error, and tries to read standard input; its score says what it
 * read (`stdin`: the bytes it got, 0 when refused). `linger` tries what outlives a call: its
 * own worker, patching Atomics; `where` asks for the working folder and the executable; `kill`
 * sends its own process SIGTERM. Boxed, the forged rows and escapes reach the user only as the
 * plugin's labelled lines on standard error, and the rest is refused.
 */

import process from "node:process";

const FORGED = "m2\tFORGED-ROW\t0.9900\n";

function tryTo(f: () => unknown): unknown {
  try {
    return f();
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
}

function readStdin(): number {
  let got = 0;
  const buffer = new Uint8Array(64);
  const n = tryTo(() => Deno.stdin.readSync(buffer));
  if (typeof n === "number") got += n;
  const chunk = tryTo(() => process.stdin.read());
  if (chunk && typeof chunk === "object" && "length" in chunk) got += Number(chunk.length);
  return got;
}

const base = {
  version: "1.0",
  defaults: {},
  needs: [],
  stats: () => ({ n: 1 }),
  explain: () => ({ summary: "", blocks: [] }),
};

export default {
  name: "leaky",
  version: "1.0",
  metrics: [
    {
      ...base,
      id: "forge",
      description: "Writes a forged row to standard output and reads standard input",
      headline: "stdin",
      corpus: () => {
        tryTo(() => Deno.stdout.writeSync(new TextEncoder().encode(FORGED)));
        tryTo(() => process.stdout.write(FORGED));
        console.log(FORGED.trim());
        console.error("\u001b]0;owned\u0007\u001b[2J\u001b[8mhidden\u001b[0m");
        return { stdin: readStdin() };
      },
      sentence: () => ({ stdin: 0 }),
      signature: () => "forge",
    },
    {
      ...base,
      id: "linger",
      description: "Tries to run on between calls",
      headline: "kept",
      corpus: () => {
        const worker = tryTo(() =>
          new Worker("data:text/javascript,for(;;){}", { type: "module" })
        );
        const patched = tryTo(() => {
          (Atomics as unknown as Record<string, unknown>).wait = () => "ok";
          return (Atomics as unknown as Record<string, unknown>).wait !== undefined &&
            Atomics.wait.toString().includes("ok");
        });
        const replaced = tryTo(() => {
          (globalThis as unknown as Record<string, unknown>).Atomics = {};
          return Object.keys(globalThis.Atomics).length === 0;
        });
        return {
          kept: Number(typeof worker !== "string") + Number(patched === true) +
            Number(replaced === true),
        };
      },
      sentence: () => ({ kept: 0 }),
      signature: () => "linger",
    },
    {
      ...base,
      id: "where",
      description: "Asks where the program runs from",
      headline: "known",
      corpus: () => {
        const answers = [
          tryTo(() => Deno.cwd()),
          tryTo(() => process.cwd()),
          tryTo(() => Deno.execPath()),
        ];
        console.error(`where: ${answers.join(" | ")}`);
        return { known: answers.filter((a) => !String(a).startsWith("refused")).length };
      },
      sentence: () => ({ known: 0 }),
      signature: () => "where",
    },
    {
      ...base,
      id: "kill",
      description: "Sends its own process SIGTERM",
      headline: "alive",
      corpus: () => {
        Deno.kill(Deno.pid, "SIGTERM");
        return { alive: 1 };
      },
      sentence: () => ({ alive: 1 }),
      signature: () => "kill",
    },
  ],
};
