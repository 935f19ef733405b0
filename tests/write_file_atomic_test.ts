import assert from "node:assert/strict";
import { writeFileAtomic } from "../util/write_file_atomic.ts";

Deno.test({
  name: "writeFileAtomic() keeps the mode of the file it replaces",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "gecscore_atomic_" });
    try {
      for (const mode of [0o600, 0o640, 0o755]) {
        const path = `${dir}/out_${mode.toString(8)}.txt`;
        await Deno.writeTextFile(path, "old\n");
        await Deno.chmod(path, mode);
        await writeFileAtomic(path, "new\n");
        assert.equal(await Deno.readTextFile(path), "new\n");
        assert.equal((await Deno.stat(path)).mode! & 0o777, mode, `mode ${mode.toString(8)}`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "writeOutput() removes its temporary file when interrupted by SIGINT or SIGTERM",
  ignore: Deno.build.os === "windows",
  fn: async (t) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      await t.step(signal, async () => {
        const dir = await Deno.makeTempDir({ prefix: "gecscore_atomic_" });
        try {
          // A write large enough to be caught while the temporary file exists.
          const script = `import { writeOutput } from ${
            JSON.stringify(new URL("../cli/write_output.ts", import.meta.url).href)
          };
await writeOutput(${JSON.stringify(`${dir}/out.html`)}, "x".repeat(2 ** 27));
console.log("finished");`;
          const child = new Deno.Command(Deno.execPath(), {
            args: ["eval", script],
            stdout: "piped",
            stderr: "piped",
          }).spawn();
          let seen = false;
          for (let i = 0; i < 20000 && !seen; i++) {
            for await (const entry of Deno.readDir(dir)) {
              if (entry.name.endsWith(".tmp")) seen = true;
            }
            if (!seen) await new Promise((resolve) => setTimeout(resolve, 1));
          }
          assert.ok(seen, "the temporary file appeared");
          child.kill(signal);
          const { code, stdout } = await child.output();
          assert.equal(new TextDecoder().decode(stdout), "", "interrupted before the end");
          assert.equal(code, signal === "SIGINT" ? 130 : 143);
          const left = [];
          for await (const entry of Deno.readDir(dir)) left.push(entry.name);
          assert.deepEqual(left, [], "nothing left in the folder");
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      });
    }
  },
});
