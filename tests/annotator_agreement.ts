/**
 * Agreement of gecscore's annotator with ERRANT 2.3.3 (spaCy 2) on the CoNLL-2014 system
 * outputs: edits reproduced and extra, error types of matched edits, and ERRANT F0.5 (against
 * the CLEME ERRANT gold) from our edits and from ERRANT's. Run as
 * `deno task annotator-agreement [N]` (N = rows of the type confusion table);
 * `tests/annotator_conll_test.ts` checks the targets.
 *
 * @module
 */

import { loadAnnotator } from "../annotator/annotate.ts";
import { parallelToM2 } from "../annotator/parallel.ts";
import { errantCompareText } from "../metrics/errant/report.ts";
import { errantMetric } from "../metrics/errant/mod.ts";
import { CONLL2014_SYSTEMS } from "./shared.ts";

const ERRANT_DIR = new URL("../../shared/data/conll2014/errant/", import.meta.url);
const CONLL_DIR = new URL("../../shared/data/conll2014/", import.meta.url);

/** The 13 CoNLL-2014 systems and GECToR. */
export const SYSTEMS: readonly string[] = [...CONLL2014_SYSTEMS, "GECTOR"];

interface Edit {
  key: string;
  type: string;
}

/** Coder-0 edits per block of an M2 text (noop left out). */
export function m2Edits(text: string): Edit[][] {
  const blocks = text.replace(/\s+$/, "").split(/\n\n/);
  return blocks.map((b) =>
    b.split("\n").slice(1).flatMap((line) => {
      const f = line.slice(2).split("|||");
      if (f[1] === "noop" || f[f.length - 1] !== "0") return [];
      return [{ key: `${f[0]}|${f[2]}`, type: f[1] }];
    })
  );
}

/** Counts for one system. */
export interface SystemAgreement {
  system: string;
  reference: number;
  produced: number;
  matched: number;
  sameType: number;
  confusion: Map<string, number>;
  m2: string;
  /** ERRANT F0.5 against the CLEME gold from our edits and from ERRANT's (4 decimals). */
  fOurs: number;
  fErrant: number;
}

/** ERRANT's F0.5 line of `errant_compare` for a hypothesis M2 against the CLEME gold. */
export function errantF05(hypM2: string): number {
  const gold = Deno.readTextFileSync(new URL("gold/cleme-conll14.errant", ERRANT_DIR));
  const out = errantCompareText(hypM2, gold, "hyp", "gold", { options: errantMetric.defaults });
  return Number(out.split("\n")[3].split("\t")[5]);
}

/** Annotates one system and compares with ERRANT's annotation. */
export function systemAgreement(
  system: string,
  annotator: Awaited<ReturnType<typeof loadAnnotator>>,
): SystemAgreement {
  const srcUrl = system === "GECTOR"
    ? new URL("hyp/source.txt", ERRANT_DIR)
    : new URL("refs/conll14st-test.tok.src", CONLL_DIR);
  const hypUrl = system === "GECTOR"
    ? new URL("hyp/GECTOR.txt", ERRANT_DIR)
    : new URL(`systems/${system}`, CONLL_DIR);
  const refUrl = new URL(
    system === "GECTOR" ? "hyp/GECTOR.m2" : `hyp/${system}.errant`,
    ERRANT_DIR,
  );
  const lines = (u: URL) => Deno.readTextFileSync(u).replace(/\n$/, "").split("\n");
  const m2 = parallelToM2(lines(srcUrl), [lines(hypUrl)], annotator);
  const ours = m2Edits(m2);
  const refText = Deno.readTextFileSync(refUrl);
  const theirs = m2Edits(refText);
  if (ours.length !== theirs.length) {
    throw new Error(`${system}: ${ours.length} blocks against ERRANT's ${theirs.length}`);
  }
  const result: SystemAgreement = {
    system,
    reference: 0,
    produced: 0,
    matched: 0,
    sameType: 0,
    confusion: new Map(),
    m2,
    fOurs: errantF05(m2),
    fErrant: errantF05(refText),
  };
  for (let i = 0; i < ours.length; i++) {
    result.reference += theirs[i].length;
    result.produced += ours[i].length;
    const byKey = new Map(theirs[i].map((e) => [e.key, e.type]));
    for (const e of ours[i]) {
      const ref = byKey.get(e.key);
      if (ref === undefined) continue;
      byKey.delete(e.key);
      result.matched++;
      if (ref === e.type) result.sameType++;
      else {
        const k = `${ref} -> ${e.type}`;
        result.confusion.set(k, (result.confusion.get(k) ?? 0) + 1);
      }
    }
  }
  return result;
}

const pct = (a: number, b: number) => (b === 0 ? "-" : (100 * a / b).toFixed(2) + "%");

if (import.meta.main) {
  const annotator = await loadAnnotator();
  const all: SystemAgreement[] = [];
  console.log(
    "system  ERRANT  ours  reproduced  extra  type-agree  F0.5(ERRANT)  F0.5(ours)   diff",
  );
  for (const s of SYSTEMS) {
    const r = systemAgreement(s, annotator);
    all.push(r);
    console.log(
      `${s.padEnd(7)} ${String(r.reference).padStart(6)} ${String(r.produced).padStart(5)}  ${
        pct(r.matched, r.reference).padStart(9)
      } ${pct(r.produced - r.matched, r.reference).padStart(6)}  ${
        pct(r.sameType, r.matched).padStart(9)
      }  ${r.fErrant.toFixed(4).padStart(12)}  ${r.fOurs.toFixed(4).padStart(10)}  ${
        (r.fOurs - r.fErrant).toFixed(4).padStart(6)
      }`,
    );
  }
  const sum = (f: (r: SystemAgreement) => number) => all.reduce((a, r) => a + f(r), 0);
  const ref = sum((r) => r.reference);
  const prod = sum((r) => r.produced);
  const m = sum((r) => r.matched);
  const t = sum((r) => r.sameType);
  console.log(
    `pooled  ${String(ref).padStart(6)} ${String(prod).padStart(5)}  ${pct(m, ref).padStart(9)} ${
      pct(prod - m, ref).padStart(6)
    }  ${pct(t, m).padStart(9)}`,
  );
  const confusion = new Map<string, number>();
  for (const r of all) {
    for (const [k, v] of r.confusion) confusion.set(k, (confusion.get(k) ?? 0) + v);
  }
  console.log("\nType disagreements (ERRANT -> ours), pooled:");
  for (
    const [k, v] of [...confusion].sort((a, b) => b[1] - a[1]).slice(0, Number(Deno.args[0] ?? 40))
  ) {
    console.log(`${String(v).padStart(5)}  ${k}`);
  }
}
