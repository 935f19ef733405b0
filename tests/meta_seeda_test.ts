/**
 * SEEDA (Kobayashi, Mita & Komachi 2024) reproduced: `gecscore meta` on SEEDA's judged subset
 * against the numbers of SEEDA's own scripts (tmu-nlp/SEEDA @ 0c6c07f, `utils/*.py`, run with
 * python3 3.11, numpy 2.4, scipy 1.17), and TrueSkill against the original `TS.py`.
 *
 * How the reference numbers were made (in a scratch folder outside the repository):
 * 1. gecscore scored outputs/subset with `score --gold subset-gold/subset.m2 -m m2 --sentences
 *    --format tsv` and `score --src subset.src --ref subset.trg0 --ref subset.trg1 -m gleu
 *    --sentences --format tsv`; the system values (F0.5, GLEU) were written one per line in
 *    SEEDA's alphabetical order (M.system.txt) and the sentence values one file per system
 *    (M_sentence/SYS.txt, 391 lines), exactly as printed.
 * 2. SEEDA's scripts then ran on those files with the commands quoted above each table.
 * TrueSkill: grammatical/evaluation's `print_pairs.pl -r` on data/judgments_sent.xml, then its
 * `wmt-trueskill/TS.py -n 2 -d 0` (converted with lib2to3 to run on Python 3; trueskill 0.4.5
 * from sublee/trueskill) after `random.seed(1)`.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { SEEDA_SYSTEMS, shared, sharedTest } from "./shared.ts";
import { parseAppraise } from "../meta/appraise.ts";
import { rankedPairs } from "../meta/ranking_pairs.ts";
import { trueSkillRanking } from "../meta/trueskill_ranking.ts";
import { readTextFile } from "../meta/read_text.ts";

const SYSTEMS = SEEDA_SYSTEMS;
// SEEDA's names for the sets in its scripts, and gecscore's.
const SET_NAME: Record<string, string> = {
  "base": "base",
  "+INPUT": "+INPUT",
  "+REF-F_GPT-3.5": "+fluency",
  "all": "all",
};

// corr_system.py: python3 utils/corr_system.py --human_score scores/human/H.txt --metric_score M.system.txt --systems SET
const CORR_SYSTEM: [string, string, string, number, number][] = [
  ["m2", "EW_sent", "base", 0.6293391995046971, 0.49650349650349657],
  ["m2", "EW_sent", "+INPUT", 0.8555024362193067, 0.6043956043956044],
  ["m2", "EW_sent", "+REF-F_GPT-3.5", -0.09903440718826387, 0.02417582417582418],
  ["m2", "EW_sent", "all", 0.6037673317346562, 0.2071428571428571],
  ["m2", "EW_edit", "base", 0.7579561517231752, 0.7692307692307694],
  ["m2", "EW_edit", "+INPUT", 0.8420133954212287, 0.8186813186813187],
  ["m2", "EW_edit", "+REF-F_GPT-3.5", -0.014793013824534008, 0.2087912087912088],
  ["m2", "EW_edit", "all", 0.5793040797347712, 0.3571428571428571],
  ["m2", "TS_sent", "base", 0.6544538007776486, 0.4825174825174825],
  ["m2", "TS_sent", "+INPUT", 0.9022751252215072, 0.5934065934065934],
  ["m2", "TS_sent", "+REF-F_GPT-3.5", -0.291361510797335, 0.015384615384615385],
  ["m2", "TS_sent", "all", 0.48384709602641096, 0.19999999999999998],
  ["m2", "TS_edit", "base", 0.7672485521586389, 0.7552447552447553],
  ["m2", "TS_edit", "+INPUT", 0.9286664882704961, 0.8076923076923077],
  ["m2", "TS_edit", "+REF-F_GPT-3.5", -0.20009380325956164, 0.1956043956043956],
  ["m2", "TS_edit", "all", 0.570560294501978, 0.34642857142857136],
  ["gleu", "EW_sent", "base", 0.8533229094766397, 0.8391608391608393],
  ["gleu", "EW_sent", "+INPUT", 0.9461777514439993, 0.8736263736263737],
  ["gleu", "EW_sent", "+REF-F_GPT-3.5", 0.14812427806468356, 0.3626373626373627],
  ["gleu", "EW_sent", "all", 0.5806375835043358, 0.48214285714285704],
  ["gleu", "EW_edit", "base", 0.8996094737484331, 0.9020979020979022],
  ["gleu", "EW_edit", "+INPUT", 0.9510093433605454, 0.9230769230769231],
  ["gleu", "EW_edit", "+REF-F_GPT-3.5", 0.20429233823146115, 0.44175824175824174],
  ["gleu", "EW_edit", "all", 0.5768302367884786, 0.5464285714285714],
  ["gleu", "TS_sent", "base", 0.8641796537337392, 0.8181818181818183],
  ["gleu", "TS_sent", "+INPUT", 0.9596207600328052, 0.8571428571428571],
  ["gleu", "TS_sent", "+REF-F_GPT-3.5", -0.08845425557578779, 0.3494505494505495],
  ["gleu", "TS_sent", "all", 0.4064982405372339, 0.47142857142857136],
  ["gleu", "TS_edit", "base", 0.907822875891831, 0.9090909090909092],
  ["gleu", "TS_edit", "+INPUT", 0.9730601449924001, 0.9285714285714285],
  ["gleu", "TS_edit", "+REF-F_GPT-3.5", -0.003942153965775991, 0.4197802197802198],
  ["gleu", "TS_edit", "all", 0.5002991396142703, 0.5285714285714286],
];
// corr_sentence.py: python3 corr_sentence.py --human_score data/judgments_G.xml --metric_score M_sentence --systems SET
const CORR_SENTENCE: [string, string, string, number, number][] = [
  ["m2", "sent", "base", 0.606225349109903, 0.212450698219806],
  ["m2", "sent", "+INPUT", 0.6349262432647292, 0.26985248652945854],
  ["m2", "sent", "+REF-F_GPT-3.5", 0.5594218065275688, 0.11884361305513769],
  ["m2", "sent", "all", 0.5870287935989181, 0.17405758719783626],
  ["m2", "edit", "base", 0.6189673066943435, 0.23793461338868707],
  ["m2", "edit", "+INPUT", 0.6367219917012448, 0.27344398340248965],
  ["m2", "edit", "+REF-F_GPT-3.5", 0.5747617482747289, 0.14952349654945776],
  ["m2", "edit", "all", 0.5951956074124914, 0.19039121482498284],
  ["gleu", "sent", "base", 0.6717833919624774, 0.3435667839249547],
  ["gleu", "sent", "+INPUT", 0.6963165798074376, 0.392633159614875],
  ["gleu", "sent", "+REF-F_GPT-3.5", 0.6076918045653737, 0.21538360913074758],
  ["gleu", "sent", "all", 0.6319941398546233, 0.26398827970924665],
  ["gleu", "edit", "base", 0.6632070576024909, 0.3264141152049818],
  ["gleu", "edit", "+INPUT", 0.679045643153527, 0.35809128630705395],
  ["gleu", "edit", "+REF-F_GPT-3.5", 0.6075418994413407, 0.21508379888268156],
  ["gleu", "edit", "all", 0.6263555250514756, 0.25271105010295125],
];
// window_analysis_system.py --human_score scores/human/TS_sent.txt --metric_score M.system.txt --window_size W
const WINDOWS: Record<string, [number, number][]> = {
  "m2 4": [
    [0.8017338209975959, 0.6000000000000001],
    [0.5706817433271519, 0.19999999999999998],
    [0.3144298322907034, 0.19999999999999998],
    [0.8945119008416371, 0.7999999999999999],
    [0.8621338010210777, 0.7999999999999999],
    [-0.008156090669907912, -0.39999999999999997],
    [-0.994662390960922, -1.0],
    [-0.5301913437494441, -0.7999999999999999],
    [0.874017907483644, 0.39999999999999997],
  ],
  "m2 8": [
    [0.8943550333508935, 0.7619047619047621],
    [0.7435816567472775, 0.5952380952380953],
    [0.3885911492897329, 0.04761904761904763],
    [0.2133796252776737, -0.07142857142857144],
    [0.4549478311986805, 0.261904761904762],
  ],
  "gleu 4": [
    [0.5231506538100809, 0.0],
    [0.371323347353117, 0.19999999999999998],
    [-0.037020958716170504, 0.19999999999999998],
    [0.9855438068112783, 0.7999999999999999],
    [0.9803240625857952, 0.7999999999999999],
    [0.6179296157787422, 0.19999999999999998],
    [-0.9882724100653691, -1.0],
    [0.5264031335256258, 0.19999999999999998],
    [0.9670596289158214, 0.7999999999999999],
  ],
  "gleu 8": [
    [0.8745785421671544, 0.6904761904761906],
    [0.838757997739497, 0.8095238095238096],
    [0.6853340629365702, 0.6666666666666669],
    [0.8168209978972072, 0.6428571428571429],
    [0.8310976485164076, 0.6666666666666669],
  ],
};
// TS.py -n 2 -d 0 on print_pairs.pl -r of data/judgments_sent.xml after random.seed(1): mu, sigma^2
const TS_SENT_SEED1: [string, number, number][] = [
  ["BART", -0.3214871584013338, 0.2493470061429342],
  ["BERT-fuse", 0.029356685078121534, 0.24934653203441115],
  ["GECToR-BERT", -0.17180946105979808, 0.24934698460604918],
  ["GECToR-ens", -0.2462088081174903, 0.24934677845913408],
  ["GPT-3.5", 0.705465251328135, 0.24934695548824495],
  ["INPUT", -0.9171183780913722, 0.2493468999906722],
  ["LM-Critic", -0.18797180560589655, 0.24934695754841824],
  ["PIE", -0.017448323820670786, 0.2493469684195106],
  ["REF-F", 0.9877455165040855, 0.2493468703559541],
  ["REF-M", 0.07228500904680402, 0.24934701968891906],
  ["Riken-Tohoku", 0.03658154352423524, 0.24934695145554947],
  ["T5", 0.19944291026040636, 0.24934688653069645],
  ["TemplateGEC", -0.14927175863577213, 0.24934667840061206],
  ["TransGEC", 0.1641554043649876, 0.24934682492521126],
  ["UEDIN-MS", -0.18371641812704706, 0.2493469943785542],
];

const S = (p: string) => shared(`data/seeda/${p}`);

// deno-lint-ignore no-explicit-any
async function metaJson(...args: string[]): Promise<any> {
  let out = "";
  let err = "";
  const code = await main(["meta", ...args, "--format", "json"], {
    out: (t) => out += t,
    err: (t) => err += t,
  });
  assert.equal(code, 0, err);
  return JSON.parse(out);
}

const COMMON = () => [
  ...["EW_sent", "EW_edit", "TS_sent", "TS_edit"].flatMap((h) => ["--human", S(`human/${h}.txt`)]),
  "--sets",
  "seeda",
  "--rankings",
  S("human/judgments_sent.xml"),
  "--rankings",
  S("human/judgments_edit.xml"),
  "--src-id",
  "judged",
  "--bootstrap",
  "0",
  ...SYSTEMS.map((s) => `${s}=${S(`outputs-subset/${s}.txt`)}`),
];

let cache: Promise<Record<string, unknown>> | undefined;
function runs() {
  cache ??= (async () => ({
    m2: await metaJson(...COMMON(), "--gold", S("subset-gold/subset.m2"), "-m", "m2"),
    gleu: await metaJson(
      ...COMMON(),
      "--src",
      S("subset-gold/subset.src"),
      "--ref",
      S("subset-gold/subset.trg0"),
      "--ref",
      S("subset-gold/subset.trg1"),
      "-m",
      "gleu",
    ),
  }))();
  return cache;
}

sharedTest(
  "meta system level equals SEEDA's corr_system.py for M2 and GLEU, 4 humans x 4 sets",
  async () => {
    const results = await runs();
    let checked = 0;
    for (const [metric, human, set, r, rho] of CORR_SYSTEM) {
      // deno-lint-ignore no-explicit-any
      const json = results[metric] as any;
      // deno-lint-ignore no-explicit-any
      const block = json.systemSets.find((s: any) => s.set === SET_NAME[set]).result;
      // deno-lint-ignore no-explicit-any
      const c = block.correlations.find((x: any) => x.human === human && x.metric === metric);
      assert.equal(c.pearson.toFixed(3), r.toFixed(3), `${metric} ${human} ${set} r`);
      assert.equal(c.spearman.toFixed(3), rho.toFixed(3), `${metric} ${human} ${set} rho`);
      assert.ok(Math.abs(c.pearson - r) < 1e-12 && Math.abs(c.spearman - rho) < 1e-12);
      checked++;
    }
    assert.equal(checked, 32);
  },
);

sharedTest(
  "meta --rankings equals SEEDA's corr_sentence.py (its tie rule) for SEEDA-S and SEEDA-E",
  async () => {
    const results = await runs();
    for (const [metric, granularity, set, accuracy, kendall] of CORR_SENTENCE) {
      // deno-lint-ignore no-explicit-any
      const json = results[metric] as any;
      // deno-lint-ignore no-explicit-any
      const file = json.rankings.find((r: any) =>
        r.rankings.endsWith(`judgments_${granularity}.xml`)
      );
      // deno-lint-ignore no-explicit-any
      const block = file.sets.find((s: any) => s.set === SET_NAME[set]).result;
      const rules = block.metrics[0].rules;
      assert.ok(
        Math.abs(rules.seeda.accuracy.value - accuracy) < 1e-12,
        `${metric} ${granularity} ${set}`,
      );
      assert.ok(
        Math.abs(rules.seeda.kendall.value - kendall) < 1e-12,
        `${metric} ${granularity} ${set}`,
      );
      // The tie-neutral rule differs only through metric ties.
      const m = block.metrics[0];
      assert.equal(rules.neutral.kendall.value, (m.agree - m.disagree) / m.pairs);
    }
  },
);

sharedTest(
  "meta --window equals SEEDA's window_analysis_system.py on TS_sent (sizes 4 and 8)",
  async () => {
    for (const [key, expected] of Object.entries(WINDOWS)) {
      const [metric, size] = key.split(" ");
      const gold = metric === "m2"
        ? ["--gold", S("subset-gold/subset.m2"), "-m", "m2"]
        : ["--gold", S("subset-gold/subset.m2"), "-m", "gleu", "--opt", "gleu.refs=conll2014"];
      const json = await metaJson(
        "--human",
        S("human/TS_sent.txt"),
        "--sets",
        "seeda",
        "--window",
        size,
        ...gold,
        ...SYSTEMS.map((s) => `${s}=${S(`outputs-subset/${s}.txt`)}`),
      );
      assert.equal(json.window.windows.length, expected.length);
      json.window.windows.forEach(
        // deno-lint-ignore no-explicit-any
        (w: any, i: number) => {
          assert.ok(
            Math.abs(w.correlations[metric].pearson - expected[i][0]) < 1e-12,
            `${key} ${i}`,
          );
          assert.ok(
            Math.abs(w.correlations[metric].spearman - expected[i][1]) < 1e-12,
            `${key} ${i}`,
          );
        },
      );
    }
  },
);

sharedTest("trueSkillRanking() equals TS.py under random.seed(1) on SEEDA-S", async () => {
  const path = S("human/judgments_sent.xml");
  const ts = trueSkillRanking(rankedPairs(parseAppraise(await readTextFile(path), path)), {
    seed: 1,
  });
  assert.equal(ts.size, TS_SENT_SEED1.length);
  for (const [system, mu, variance] of TS_SENT_SEED1) {
    assert.ok(Math.abs(ts.get(system)!.mu - mu) < 1e-9, system);
    assert.ok(Math.abs(ts.get(system)!.variance - variance) < 1e-9, system);
  }
});

sharedTest(
  "meta reads SEEDA's published table as --scores and GLEU from --src/--ref equals GLEU from the M2 gold",
  async () => {
    const results = await runs();
    // deno-lint-ignore no-explicit-any
    const viaRefs = (results.gleu as any).systemSets[0].result.points;
    const viaM2 = await metaJson(
      "--human",
      S("human/TS_sent.txt"),
      "--scores",
      S("published-scores/readme_system_scores_full_conll14.csv"),
      "--gold",
      S("subset-gold/subset.m2"),
      "-m",
      "gleu",
      "--opt",
      "gleu.refs=conll2014",
      ...SYSTEMS.map((s) => `${s}=${S(`outputs-subset/${s}.txt`)}`),
    );
    // deno-lint-ignore no-explicit-any
    const points = new Map(viaM2.system.points.map((p: any) => [p.system, p]));
    // deno-lint-ignore no-explicit-any
    for (const p of viaRefs) assert.equal((points.get(p.system) as any).metric.gleu, p.metric.gleu);
    assert.deepEqual(viaM2.system.metrics, [
      "M2",
      "SentM2",
      "PT-M2",
      "ERRANT",
      "SentERRANT",
      "PT-ERRANT",
      "GoToScorer",
      "GLEU",
      "ScribendiScore",
      "SOME",
      "IMPARA",
      "gleu",
    ]);
    // SEEDA's README: IMPARA's base-set Pearson with TS_sent... computed by corr_system.py on the
    // published column: see the table in docs/meta-evaluation.md.
    // deno-lint-ignore no-explicit-any
    const impara = viaM2.system.correlations.find((c: any) => c.metric === "IMPARA");
    assert.equal(impara.n, 15);
  },
);

Deno.test("gecscore meta reads one-value-per-line files and score tables, and names bad ones", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_seeda_" });
  try {
    const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
    await write("human.txt", "0.9\n0.5\n0.1\n0.3\n");
    await write("metric.txt", "0.8\n0.6\n0.2\n0.1\n");
    await write("table.csv", "System,M,N\nA,1,4\nB,2,3\nC,3,2\nD,4,1\n");
    await write("short.txt", "0.8\n0.6\n");
    await write("bad.csv", "System,M\nA,1\nB,x\n");
    let out = "";
    let err = "";
    const io = { out: (t: string) => out += t, err: (t: string) => err += t };
    const code = await main([
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/metric.txt`,
      "--scores",
      `${dir}/table.csv`,
      "--set",
      "all=",
      "--set",
      "noD=-D",
      "--window",
      "3",
    ], io);
    assert.equal(code, 0, err);
    // Alphabetical order A, B, C, D: human 0.9, 0.5, 0.1, 0.3; metric 0.8, 0.6, 0.2, 0.1.
    assert.match(out, /^metric +0\.901† +0\.800† +0\.982† +1\.000†$/m);
    assert.match(out, /^N +0\.832† +0\.800† +1\.000† +1\.000†$/m);
    assert.match(out, /^N +1\.000 +0\.500$/m); // Spearman rho of N in windows 1-3 and 2-4
    assert.match(out, /Window analysis: human, windows of 3 systems; ranking A > B > D > C/);
    for (
      const [file, pattern] of [
        ["short.txt", /short\.txt: has 2 lines but there are 4 systems \(A, B, C, D\)/],
        ["bad.csv", /bad\.csv:3: expected a number in column M, found "x"/],
      ] as const
    ) {
      err = "";
      const status = await main([
        "meta",
        "--human",
        `${dir}/human.txt`,
        "--scores",
        `${dir}/${file}`,
        "--order",
        "A,B,C,D",
      ], io);
      assert.equal(status, 1);
      assert.match(err, pattern);
    }
    err = "";
    assert.equal(
      await main([
        "meta",
        "--human",
        `${dir}/human.txt`,
        "--scores",
        `${dir}/metric.txt`,
        "--set",
        "x=-E",
        "--order",
        "A,B,C,D",
      ], io),
      2,
    );
    assert.match(err, /The system set x names E, which is not among the systems/);
    err = "";
    assert.equal(
      await main(["meta", "--human", `${dir}/human.txt`, "--scores", `${dir}/metric.txt`], io),
      2,
    );
    assert.match(err, /human\.txt holds one value a line without system names: give --order/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// The same on the CoNLL-2014 rankings (grammatical/evaluation data/judgments.xml, the file in
// ../shared as grundkiewicz2015-judgments.xml): print_pairs.pl -r, then TS.py -n 2 -d 0 after
// random.seed(7). UMC's mu differs from Python's in the 17th significant digit.
const TS_GJG15_SEED7: [string, number, number][] = [
  ["AMU", 0.27551732212521773, 0.2497628682311972],
  ["CAMB", 0.21240189012000735, 0.249762862644567],
  ["CUUI", 0.10083268273426792, 0.24976285424685296],
  ["IITB", -0.04989510820963057, 0.24976285376593088],
  ["INPUT", -0.07556065942873112, 0.24976284616109254],
  ["IPN", -0.3713698784654396, 0.24976285986237506],
  ["NTHU", -0.14352117950335505, 0.24976279840119905],
  ["PKU", 0.013488216780467877, 0.2497628618889914],
  ["POST", 0.06089350518718128, 0.24976285341902033],
  ["RAC", 0.10646322270550991, 0.2497628421486643],
  ["SJTU", -0.08001151374487395, 0.24976286444574106],
  ["UFC", -0.04190563743567458, 0.24976286021031507],
  ["UMC", -0.007332858905710846, 0.2497628585180008],
];

sharedTest(
  "trueSkillRanking() equals TS.py under random.seed(7) on the CoNLL-2014 rankings",
  async () => {
    const path = shared("data/conll2014/human/grundkiewicz2015-judgments.xml");
    const ts = trueSkillRanking(rankedPairs(parseAppraise(await readTextFile(path), path)), {
      seed: 7,
    });
    for (const [system, mu, variance] of TS_GJG15_SEED7) {
      assert.ok(Math.abs(ts.get(system)!.mu - mu) < 1e-9, system);
      assert.ok(Math.abs(ts.get(system)!.variance - variance) < 1e-9, system);
    }
  },
);

sharedTest(
  "on the CoNLL-2014 XML the tie-neutral Kendall equals Chollampatt & Ng's NoTies tau",
  async () => {
    const c = (p: string) => shared(`data/conll2014/${p}`);
    const systems = [...Deno.readDirSync(c("systems"))].map((e) => c(`systems/${e.name}`)).sort();
    const json = await metaJson(
      "--gold",
      c("gold/official-2014.combined.m2"),
      "-m",
      "m2",
      ...systems,
      "--rankings",
      c("human/grundkiewicz2015-judgments.xml"),
      "--judgments",
      c("human/sentence_pairwiseranks/expanded.csv.gz"),
      "--bootstrap",
      "0",
    );
    const ranking = json.rankings[0].sets[0].result;
    assert.equal(ranking.pairs, 49981);
    const m = ranking.metrics[0];
    // deno-lint-ignore no-explicit-any
    const noties = json.sentence[0].result.metrics[0].variants.find((v: any) =>
      v.variant === "noties"
    );
    assert.equal(noties.denominator, 49981);
    assert.ok(Math.abs(m.rules.neutral.kendall.value - noties.tau) < 1e-15);
    // SEEDA's rule moves the metric ties to one side by name: here it lowers M2's tau.
    assert.equal(m.rules.seeda.kendall.value.toFixed(3), "0.346");
    assert.equal(noties.tau.toFixed(3), "0.351");
  },
);
