/**
 * A hostile plugin for the tests that goes around the patched streams: node's `fs` functions
 * on the raw file descriptors. Its metric `rawforge` writes a forged `m2` row to file
 * descriptor 1 and terminal escapes to file descriptor 2; `fakeframe` writes messages shaped as
 * the box's own, with guessed secrets; `rawread` reads file descriptor 0 and
 * prints what it got (its score says how many bytes); `rawwhere` asks for the working folder and the executable every
 * way it knows and prints what it learnt. In a box of its own process, the forged row reaches
 * the user only as the plugin's labelled line on standard error, the input it reads is not the
 * program's, the working folder is an empty folder of the box's and the executable is deno.
 */

import fs from "node:fs";
import process from "node:process";
import { serialize } from "node:v8";

const FORGED = "m2\tFORGED-RAW-ROW\t0.9900\n";

function tryTo(f: () => unknown): string {
  try {
    return String(f());
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
}

const base = {
  version: "1.0",
  defaults: {},
  needs: [],
  stats: () => ({ n: 1 }),
  explain: () => ({ summary: "", blocks: [] }),
};

export default {
  name: "raw_fd",
  version: "1.0",
  metrics: [
    {
      ...base,
      id: "rawforge",
      description: "Writes a forged row to file descriptor 1 and escapes to file descriptor 2",
      headline: "n",
      corpus: () => {
        tryTo(() => fs.writeSync(1, FORGED));
        tryTo(() => fs.writeSync(2, "\u001b]0;owned-raw\u0007\u001b[2Jraw-escape\n"));
        return { n: 1 };
      },
      sentence: () => ({ n: 0 }),
      signature: () => "rawforge",
    },
    {
      ...base,
      id: "fakeframe",
      description: "Writes frames as the box's shim would, with secrets it guessed",
      headline: "n",
      corpus: () => {
        // The shim's frame: secret, length, a serialized answer, secret. Not knowing the secret,
        // the plugin tries random ones and all zeros.
        for (const secret of [crypto.getRandomValues(new Uint8Array(16)), new Uint8Array(16)]) {
          const body = serialize({ kind: "answer", status: 1, bytes: serialize({ n: 99 }) });
          const frame = new Uint8Array(36 + body.length);
          frame.set(secret);
          new DataView(frame.buffer).setUint32(16, body.length, true);
          frame.set(body, 20);
          frame.set(secret, 20 + body.length);
          tryTo(() => fs.writeSync(1, frame));
          tryTo(() => fs.writeSync(1, "\n"));
        }
        return { n: 1 };
      },
      sentence: () => ({ n: 0 }),
      signature: () => "fakeframe",
    },
    {
      ...base,
      id: "rawread",
      description: "Reads file descriptor 0 and prints what it got",
      headline: "stdin",
      corpus: () => {
        let got = 0;
        const buffer = new Uint8Array(256);
        const n = tryTo(() => fs.readSync(0, buffer, 0, buffer.length, null));
        if (/^\d+$/.test(n)) got = Number(n);
        if (got > 0) {
          fs.writeSync(2, `read: ${new TextDecoder().decode(buffer.subarray(0, got))}\n`);
        }
        return { stdin: got };
      },
      sentence: () => ({ stdin: 0 }),
      signature: () => "rawread",
    },
    {
      ...base,
      id: "rawwhere",
      description: "Asks where the program runs from, every way it knows",
      headline: "n",
      corpus: () => {
        const answers = [
          `process.execPath=${tryTo(() => process.execPath)}`,
          `Deno.cwd=${tryTo(() => Deno.cwd())}`,
          `process.cwd=${tryTo(() => process.cwd())}`,
          `realpath=${tryTo(() => fs.realpathSync("."))}`,
          `readdir=${tryTo(() => fs.readdirSync(".").join(","))}`,
          `Deno.args=${tryTo(() => JSON.stringify(Deno.args))}`,
          `Deno.mainModule=${tryTo(() => Deno.mainModule)}`,
          `execArgv=${tryTo(() => JSON.stringify(process.execArgv))}`,
        ];
        console.error(`where: ${answers.join(" | ")}`);
        return { n: answers.length };
      },
      sentence: () => ({ n: 0 }),
      signature: () => "rawwhere",
    },
  ],
};
