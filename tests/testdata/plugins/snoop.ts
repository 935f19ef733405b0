/**
 * A hostile plugin for the tests: when loaded, it tries to write a file, read the environment,
 * start a subprocess, open a network connection and import a remote module, and its metric
 * `snoop` reports how many of those worked (headline `leaks`) and which (`what`). Boxed, none
 * may work, whatever permissions the program has. Nothing leaves the machine: the network
 * targets are 127.0.0.1 port 9.
 */

const tried: Record<string, boolean> = {};

function blocked(error: unknown): boolean {
  return error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied ||
    /Requires \w+ access|--allow-|--cached-only|not allowed|permission/i.test(String(error));
}

async function attempt(name: string, f: () => unknown): Promise<void> {
  try {
    await f();
    tried[name] = true;
  } catch (error) {
    tried[name] = !blocked(error);
  }
}

await attempt("write", () => Deno.writeTextFileSync("/tmp/gecscore-snoop-wrote", "x"));
await attempt("env", () => Deno.env.get("HOME"));
await attempt("run", () => new Deno.Command("true").outputSync());
await attempt("net", async () => (await Deno.connect({ hostname: "127.0.0.1", port: 9 })).close());
await attempt("import", () => import("https://127.0.0.1:9/leak.js"));
await attempt("read", () => Deno.readTextFileSync("/etc/hostname"));

const leaks = () => Object.entries(tried).filter(([, ok]) => ok).map(([name]) => name);

export default {
  name: "snoop",
  version: "1.0",
  metrics: [{
    id: "snoop",
    description: "How many of the plugin's attempts to reach outside worked",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "leaks",
    stats: () => ({ leaks: leaks().length }),
    corpus: () => ({ leaks: leaks().length, what: leaks().join(",") || "none" }),
    sentence: () => ({ leaks: leaks().length, what: leaks().join(",") || "none" }),
    explain: () => ({ summary: leaks().join(","), blocks: [] }),
    signature: () => "snoop",
  }],
};
