/**
 * The annotator's targets on the CoNLL-2014 system outputs, against ERRANT 2.3.3's own
 * annotation (`deno task annotator-agreement` prints the same figures).
 */

import assert from "node:assert/strict";
import { shared, sharedTest } from "./shared.ts";
import { type SystemAgreement, systemAgreement, SYSTEMS } from "./annotator_agreement.ts";
import { loadAnnotator } from "../annotator/annotate.ts";
import { m2ToM2 } from "../annotator/m2_to_m2.ts";

sharedTest("annotator reproduces ERRANT's edits, types and F0.5 on CoNLL-2014", async () => {
  const annotator = await loadAnnotator();
  const all: SystemAgreement[] = SYSTEMS.map((s) => systemAgreement(s, annotator));
  let reference = 0, produced = 0, matched = 0, sameType = 0;
  for (const r of all) {
    reference += r.reference;
    produced += r.produced;
    matched += r.matched;
    sameType += r.sameType;
    if (r.reference > 0) {
      const floor = r.system === "NTHU" ? 0.97 : 0.99;
      assert.ok(r.matched / r.reference >= floor, `${r.system}: ${r.matched}/${r.reference} edits`);
    }
    assert.ok(
      Math.abs(r.fOurs - r.fErrant) <= 0.005,
      `${r.system}: F0.5 ${r.fOurs} from our edits, ${r.fErrant} from ERRANT's`,
    );
  }
  assert.ok(matched / reference >= 0.995, `pooled: ${matched}/${reference} edits reproduced`);
  assert.ok((produced - matched) / reference <= 0.005, `pooled: ${produced - matched} extra`);
  assert.ok(sameType / matched >= 0.93, `pooled: ${sameType}/${matched} types agree`);
});

sharedTest(
  "errant_m2 -gold on the official gold reproduces ERRANT's spans and most types",
  async () => {
    const annotator = await loadAnnotator();
    const ours = m2ToM2(
      Deno.readTextFileSync(shared("data/conll2014/gold/official-2014.combined.m2")),
      annotator,
      { mode: "gold" },
    ).trim().split("\n\n");
    const theirs = Deno.readTextFileSync(shared("data/conll2014/errant/gold/jacqle-gold.m2"))
      .trim().split("\n\n");
    assert.equal(ours.length, theirs.length);
    let edits = 0, sameSpan = 0, sameType = 0;
    const fields = (line: string) => line.split("|||");
    for (let i = 0; i < ours.length; i++) {
      const a = ours[i].split("\n");
      const b = theirs[i].split("\n");
      assert.equal(a[0], b[0], `block ${i + 1}: source sentence`);
      edits += b.length - 1;
      const types = new Map(
        b.slice(1).map((l) => [`${fields(l)[0]}|${fields(l)[2]}|${fields(l)[5]}`, fields(l)[1]]),
      );
      for (const l of a.slice(1)) {
        const t = types.get(`${fields(l)[0]}|${fields(l)[2]}|${fields(l)[5]}`);
        if (t === undefined) continue;
        sameSpan++;
        if (t === fields(l)[1]) sameType++;
      }
    }
    assert.equal(sameSpan, edits, "every gold edit keeps its (minimised) span and correction");
    assert.ok(sameType / edits >= 0.92, `${sameType}/${edits} types agree`);
  },
);

sharedTest(
  "score -m errant annotates a plain-text system and says so in the signature",
  async () => {
    const data = shared("data/conll2014");
    // A hypothesis M2 system is named without its extension: a copy keeps the two names apart.
    const dir = await Deno.makeTempDir();
    const hypM2 = `${dir}/AMU-file.errant`;
    await Deno.copyFile(`${data}/errant/hyp/AMU.errant`, hypM2);
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "cli.ts",
        "score",
        "--gold",
        `${data}/errant/gold/cleme-conll14.errant`,
        `${data}/systems/AMU`,
        "--hyp-m2",
        hypM2,
        "-m",
        "errant",
      ],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    await Deno.remove(dir, { recursive: true });
    const stdout = new TextDecoder().decode(output.stdout);
    assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
    assert.match(stdout, /^errant {2}\(errant\|mode:cs\|.*\|edits:mixed\)$/m);
    assert.match(stdout, /^AMU +0\.3779 +0\.1998 +0\.3208 +gecscore-\d+\.\d+\.\d+$/m);
    assert.match(stdout, /^AMU-file +0\.3779 +0\.1998 +0\.3208 +file$/m);
  },
);
