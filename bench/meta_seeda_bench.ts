/**
 * `gecscore meta` on SEEDA (issue 25's target: under 3 s for the whole command): the four
 * system sets, the published table, M2 and GLEU computed on the 391 judged sentences of the 15
 * systems, SEEDA-S and SEEDA-E sentence level with 1000 bootstrap resamples, and the window
 * analysis. Needs `../shared`; skipped without it.
 * `deno bench --allow-read bench/meta_seeda_bench.ts`
 *
 * The whole `deno task meta-seeda` (with the I-measure too, process start included) used
 * 1.64 s user + 0.14 s system CPU on 2 shared cores (`/usr/bin/time -v`); wall time on the
 * shared machine varies with its load.
 */
import { SEEDA_SYSTEMS } from "../tests/shared.ts";
import { main } from "../cli.ts";

const S = new URL("../../shared/data/seeda/", import.meta.url).pathname;
let present = true;
try {
  Deno.statSync(S);
} catch {
  present = false;
}
const SYSTEMS = SEEDA_SYSTEMS;
const ARGS = [
  "meta",
  ...["EW_sent", "EW_edit", "TS_sent", "TS_edit"].flatMap((h) => ["--human", `${S}human/${h}.txt`]),
  "--scores",
  `${S}published-scores/readme_system_scores_full_conll14.csv`,
  "--gold",
  `${S}subset-gold/subset.m2`,
  "-m",
  "m2,gleu",
  "--opt",
  "gleu.refs=conll2014",
  ...SYSTEMS.map((s) => `${s}=${S}outputs-subset/${s}.txt`),
  "--sets",
  "seeda",
  "--rankings",
  `${S}human/judgments_sent.xml`,
  "--rankings",
  `${S}human/judgments_edit.xml`,
  "--src-id",
  "judged",
  "--window",
  "8",
  "--window-human",
  "TS_sent",
];

Deno.bench({
  name: "meta on SEEDA: 4 sets, M2+GLEU, SEEDA-S/E with 1000 resamples, window 8",
  ignore: !present,
  async fn() {
    const code = await main(ARGS, { out: () => {}, err: () => {} });
    if (code !== 0) throw new Error(`meta exited with ${code}`);
  },
});
