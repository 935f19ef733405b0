/**
 * The second step of `deno task install`: `deno install -g` copies `deno.json` beside the
 * installed command but not `deno.lock`, so the command would resolve npm packages afresh (and,
 * with `--cached-only`, fail to). This copies the lock file there, so the installed `gecscore`
 * loads the very versions `deno task setup` cached and the tests ran with.
 *
 * @module
 */

if (import.meta.main) {
  const root = Deno.env.get("DENO_INSTALL_ROOT") ?? `${Deno.env.get("HOME")}/.deno`;
  const target = `${root}/bin/.gecscore/deno.lock`;
  Deno.copyFileSync(new URL("../deno.lock", import.meta.url), target);
  Deno.stdout.writeSync(new TextEncoder().encode(`Copied deno.lock to ${target}\n`));
}
