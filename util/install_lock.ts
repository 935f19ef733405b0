/**
 * The second step of `deno task install`: `deno install -g` copies `deno.json` beside the
 * installed command but not a lock file, so the command would resolve npm packages afresh (and,
 * with `--cached-only`, fail to). This copies `deno.lock`, which pins every package any command
 * may load, there, and points the installed `deno.json` at it (the repository's `deno.json`
 * names `scoring.lock`, the part of it that `deno task` installs before a task: see
 * `tests/dependencies_test.ts`), so the installed `gecscore` loads the very versions
 * `deno task setup` cached and the tests ran with.
 *
 * @module
 */

if (import.meta.main) {
  const root = Deno.env.get("DENO_INSTALL_ROOT") ?? `${Deno.env.get("HOME")}/.deno`;
  const dir = `${root}/bin/.gecscore`;
  Deno.copyFileSync(new URL("../deno.lock", import.meta.url), `${dir}/deno.lock`);
  const config = JSON.parse(Deno.readTextFileSync(`${dir}/deno.json`));
  // Not frozen: Deno records there that the installed config links this package's code.
  config.lock = "./deno.lock";
  Deno.writeTextFileSync(`${dir}/deno.json`, JSON.stringify(config, null, 2) + "\n");
  Deno.stdout.writeSync(
    new TextEncoder().encode(
      `Copied deno.lock to ${dir}/deno.lock, the lock its deno.json names\n`,
    ),
  );
}
