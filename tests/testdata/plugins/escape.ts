/**
 * A hostile plugin for the terminal tests: each metric tries one way out when it computes its
 * statistics and lets the error through, so a blocked attempt is a fault naming the plugin:
 * `escape_read` reads /etc/passwd, `escape_env` reads HOME, `escape_run` starts `true`,
 * `escape_net` connects to 127.0.0.1 port 9, `escape_ask` asks Deno for read permission and
 * then reads. An attempt that works gives the headline `leaked` = 1.
 */

const tries: Record<string, () => unknown> = {
  read: () => Deno.readTextFileSync("/etc/passwd"),
  env: () => Deno.env.get("HOME"),
  run: () => new Deno.Command("true").outputSync(),
  net: () => {
    // A synchronous metric cannot await; a granted permission shows in the state.
    const status = Deno.permissions.requestSync({ name: "net", host: "127.0.0.1:9" });
    if (status.state !== "granted") throw new Error(`net permission ${status.state}`);
  },
  ask: () => {
    const status = Deno.permissions.requestSync({ name: "read" });
    if (status.state !== "granted") throw new Error(`read permission ${status.state}`);
    return Deno.readTextFileSync("/etc/passwd");
  },
};

export default {
  name: "escape",
  version: "1.0",
  metrics: Object.entries(tries).map(([name, attempt]) => ({
    id: `escape_${name}`,
    description: `Tries to ${name} outside the box`,
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "leaked",
    stats: () => {
      attempt();
      return { leaked: 1 };
    },
    corpus: (stats: { leaked: number }[]) => ({ leaked: stats.length ? 1 : 0 }),
    sentence: (stats: { leaked: number }) => ({ leaked: stats.leaked }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => `escape_${name}`,
  })),
};
