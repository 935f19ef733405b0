/**
 * Access to `../shared` (the CoNLL-2014 data and the reference implementations' golden
 * output), which sits beside the repository on the developers' machines and in CI but not in a
 * user's clone. Tests that need it use {@linkcode sharedTest}: it skips with a clear message
 * when the folder is absent.
 *
 * @module
 */

/** Absolute path of the `shared` folder beside the repository. */
export const SHARED_DIR: string = new URL("../../shared", import.meta.url).pathname;

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether `../shared` is present. */
export const SHARED_AVAILABLE: boolean = exists(`${SHARED_DIR}/golden`) &&
  exists(`${SHARED_DIR}/data`);

/**
 * Path of a file under `../shared`.
 *
 * @param relative e.g. `"data/conll2014/gold/official-2014.combined.m2"`.
 * @returns The absolute path.
 */
export function shared(relative: string): string {
  return `${SHARED_DIR}/${relative}`;
}

/** The 13 CoNLL-2014 outputs: the 12 teams and INPUT. */
export const CONLL2014_SYSTEMS: readonly string[] = [
  "AMU",
  "CAMB",
  "CUUI",
  "IITB",
  "INPUT",
  "IPN",
  "NTHU",
  "PKU",
  "POST",
  "RAC",
  "SJTU",
  "UFC",
  "UMC",
];

let warned = false;

/**
 * A `Deno.test` that needs `../shared`: registered as ignored, with a message saying why, when
 * the folder is absent.
 *
 * @param name The test name.
 * @param fn The test body.
 */
export function sharedTest(name: string, fn: (t: Deno.TestContext) => void | Promise<void>): void {
  if (!SHARED_AVAILABLE && !warned) {
    warned = true;
    console.warn(
      `Skipping the tests that compare with ../shared: ${SHARED_DIR} is absent ` +
        "(it holds the CoNLL-2014 data and the reference outputs; see docs/data.md).",
    );
  }
  Deno.test({ name, ignore: !SHARED_AVAILABLE, fn });
}

/**
 * Read a golden file, gunzipping `.gz` files.
 *
 * @param relative Path under `../shared`.
 * @returns Its text.
 */
export async function readShared(relative: string): Promise<string> {
  const bytes = await Deno.readFile(shared(relative));
  if (!relative.endsWith(".gz")) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

/** The 15 SEEDA systems (14 outputs and INPUT), by their file names in `data/seeda/`. */
export const SEEDA_SYSTEMS: readonly string[] = [
  "BART",
  "BERT-fuse",
  "GECToR-BERT",
  "GECToR-ens",
  "GPT-3.5",
  "INPUT",
  "LM-Critic",
  "PIE",
  "REF-F",
  "REF-M",
  "Riken-Tohoku",
  "T5",
  "TemplateGEC",
  "TransGEC",
  "UEDIN-MS",
];
