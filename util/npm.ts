/**
 * Loading an npm package when a run first needs it. Deno fetches every package its module
 * graph names before a program starts, a literal `import()` of an `npm:` specifier included; a
 * specifier passed here is not in that graph, so a command fetches (or, with
 * `--cached-only`, finds in the cache) only the packages it loads. Every specifier used with
 * {@linkcode importNpm} is listed in `util/npm_packages.ts`, which `deno task setup` caches
 * (`tests/dependencies_test.ts` checks the list is complete).
 *
 * @example Usage
 * ```ts ignore
 * import { importNpm } from "./npm.ts";
 *
 * const { default: stringWidth } = await importNpm<typeof import("npm:string-width@7.2.0")>(
 *   "npm:string-width@7.2.0",
 * );
 * ```
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";

/**
 * Import an npm module by its full, pinned specifier (`npm:name@x.y.z[/path]`).
 *
 * @typeParam T The parts of the module the caller uses, written out (a `typeof import()` of the
 *   package would put it back in the module graph).
 * @param specifier The specifier.
 * @returns The module.
 */
export async function importNpm<T>(specifier: string): Promise<T> {
  try {
    return await import(specifier) as T;
  } catch (error) {
    // A run from gecscore's folder uses the lock deno.json names, scoring.lock: the packages
    // scoring may load, without the report's chart engine (Deno installs a whole lock before a
    // task or a first npm package, and the engine is most of it). Deno, asked for a package
    // that lock lacks, says only that the lock is out of date.
    if (/lockfile is out of date/i.test(String((error as Error)?.message))) {
      throw new UsageError(
        `${specifier} is not in the lock file of this run (scoring.lock, which deno.json ` +
          "names, pins only what scoring loads); run it with --lock=deno.lock, which pins " +
          "every package (deno task setup caches them; the installed gecscore uses it)",
      );
    }
    throw error;
  }
}

/** The parts of saxes@6.0.0 gecscore uses (an XML parser with positions). */
export interface SaxesModule {
  SaxesParser: new (options: { position: boolean }) => SaxesParserLike;
}

/** A tag as saxes hands it to `opentag`, `opentagstart` and `closetag`. */
export interface SaxesTag {
  name: string;
  attributes: Record<string, unknown>;
}

/** A saxes parser: events, writing, and the position reached. */
export interface SaxesParserLike {
  readonly line: number;
  readonly column: number;
  on(event: "error", handler: (error: Error) => void): void;
  on(event: "text" | "cdata" | "doctype" | "comment", handler: (text: string) => void): void;
  on(event: "xmldecl" | "processinginstruction", handler: (data: unknown) => void): void;
  on(event: "opentagstart" | "opentag" | "closetag", handler: (tag: SaxesTag) => void): void;
  on(event: "attribute", handler: (attribute: { name: string; value: string }) => void): void;
  write(chunk: string): SaxesParserLike;
  close(): SaxesParserLike;
}

/** The parts of vega@6.4.0 gecscore uses: a headless view rendered to SVG. */
export interface VegaModule {
  parse(spec: unknown): unknown;
  View: new (runtime: unknown, options: { renderer: "none" }) => {
    toSVG(): Promise<string>;
    finalize(): void;
  };
}

/** The part of vega-lite@6.4.1 gecscore uses: compiling to a Vega specification. */
export interface VegaLiteModule {
  compile(spec: unknown): { spec: unknown };
}
