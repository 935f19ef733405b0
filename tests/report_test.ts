import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { buildReport } from "../report/build_report.ts";
import { reportInput } from "../report/report_input.ts";
import type { ReportInput } from "../report/types.ts";
import { shared, sharedTest } from "./shared.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];

async function exampleInput(metrics?: string[]): Promise<ReportInput> {
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((p) => readHypotheses(p, 3)));
  return await reportInput({ registry: createRegistry(), gold, systems, metrics });
}

/**
 * The M2 per-type breakdown adds up to M2's corpus tp and fn, and equals the counts of the
 * sentence browser's matched/missed gold edits (computed separately, in metrics/m2/sentence_edits.ts, the M2 sentence view).
 */
function checkTypeTotals(input: ReportInput): void {
  const m2Types = input.types?.find((t) => t.metric === "m2");
  assert.ok(m2Types, "an M2 per-type breakdown");
  assert.equal(m2Types.value, "recall");
  input.systems.forEach((system, k) => {
    const m2 = system.scores.m2 as { tp: number; fn: number };
    const rows = Object.values(m2Types.scores[system.name]) as { tp: number; fn: number }[];
    assert.equal(rows.reduce((a, c) => a + c.tp, 0), m2.tp, `${system.name} tp`);
    assert.equal(rows.reduce((a, c) => a + c.fn, 0), m2.fn, `${system.name} fn`);
    const fromEdits: Record<string, { tp: number; fn: number }> = {};
    input.edits!.compared.forEach((row, i) => {
      const { annotator, matched } = row[k];
      (input.edits!.gold[i][annotator] ?? []).forEach((edit, e) => {
        const cell = fromEdits[edit.type || "(none)"] ??= { tp: 0, fn: 0 };
        if (matched.includes(e)) cell.tp++;
        else cell.fn++;
      });
    });
    const fromBreakdown = Object.fromEntries(
      Object.entries(m2Types.scores[system.name]).map(([t, r]) => [t, { tp: r.tp, fn: r.fn }]),
    );
    assert.deepEqual(fromEdits, fromBreakdown, `${system.name}: browser edits and breakdown`);
  });
}

Deno.test("reportInput() per-type counts add up to M2's corpus tp and fn", async () => {
  const input = await exampleInput();
  checkTypeTotals(input);
  assert.ok(input.types![0].types.length >= 2);
});

sharedTest("reportInput() per-type counts add up to M2's tp and fn on CoNLL-2014", async () => {
  const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  const systems = await Promise.all(
    ["CAMB", "UFC"].map((n) =>
      readHypotheses(shared(`data/conll2014/systems/${n}`), gold.sentences.length)
    ),
  );
  const input = await reportInput({ registry: createRegistry(), gold, systems, metrics: ["m2"] });
  checkTypeTotals(input);
  assert.ok(input.types![0].types.includes("ArtOrDet"));
  // The matched edits of each sentence are as many as M2's chosen annotator's tp.
  const stats = gold.sentences.map((s, i) =>
    m2Metric.stats(s, systems[0].sentences[i], m2Metric.defaults)
  );
  const made = input.edits!.compared.reduce((a, row) => a + row[0].matched.length, 0);
  assert.equal(made, m2Metric.corpus(stats, m2Metric.defaults).tp);
});

Deno.test("reportInput() scores each length bucket from the statistics of its sentences", async () => {
  const gold = await readGold(GOLD);
  const system = await readHypotheses(SYSTEMS[1], 3);
  // Lengths 6, 3 and 7 tokens: all in the first bucket, whose score is the corpus score.
  const input = await reportInput({ registry: createRegistry(), gold, systems: [system] });
  assert.equal(input.buckets?.length, 1);
  assert.equal(input.buckets![0].count, 3);
  for (const metric of input.metrics) {
    const corpus = input.systems[0].scores[metric.id] as Record<string, unknown>;
    const path = metric.headline.split(".");
    const value = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], corpus);
    assert.equal(input.buckets![0].scores[system.name][metric.id], value, metric.id);
  }
  // A longer sentence makes a second bucket, scored on its own.
  gold.sentences[0] = {
    ...gold.sentences[0],
    source: [...gold.sentences[0].source, ..."x".repeat(8).split("")],
  };
  system.sentences[0] = [...system.sentences[0], ..."x".repeat(8).split("")];
  const two = await reportInput({
    registry: createRegistry(),
    gold,
    systems: [system],
    metrics: ["m2"],
  });
  assert.deepEqual(two.buckets!.map((b) => [b.label, b.count]), [["1-10", 2], ["11-20", 1]]);
  const only = m2Metric.corpus(
    [m2Metric.stats(gold.sentences[0], system.sentences[0], m2Metric.defaults)],
    m2Metric.defaults,
  );
  assert.equal(two.buckets![1].scores[system.name].m2, only.f);
});

Deno.test("buildReport() adds CI and p-value columns only when given significance data", async () => {
  const input = await exampleInput(["m2"]);
  const plain = await buildReport(input);
  assert.doesNotMatch(plain, /95% CI/);
  assert.match(plain, /No confidence intervals or paired tests/);
  const [a, b] = input.systems.map((s) => s.name);
  const html = await buildReport({
    ...input,
    significance: {
      method: "paired bootstrap, 100 samples",
      level: 0.95,
      intervals: [
        { system: a, metric: "m2", low: 0.61, high: 0.93 },
        { system: b, metric: "m2", low: 0.52, high: 0.88 },
      ],
      pValues: [{ system: b, metric: "m2", p: 0.0312 }],
    },
  });
  assert.match(html, /<th scope="col" class="num">95% CI<\/th><th scope="col" class="num">p vs /);
  assert.match(
    html,
    /\[0\.6100, 0\.9300\]<\/td><td class="num p" [^>]*>&ndash;<span class="vh"> \(the baseline\)/,
  );
  assert.match(html, /\[0\.5200, 0\.8800\]<\/td><td class="num p" [^>]*data-p="0\.0312">0\.031\*</);
  // The score chart draws the intervals and says so.
  assert.match(html, /m2 f by system \(95% CI\)/);
});

Deno.test("buildReport() adds metric-vs-human plots only when given human scores", async () => {
  const input = await exampleInput();
  assert.doesNotMatch(await buildReport(input), /id="human"/);
  const [a, b] = input.systems.map((s) => s.name);
  const html = await buildReport({
    ...input,
    human: [{ label: "TrueSkill", scores: { [a]: 0.2, [b]: -0.1 } }],
  });
  assert.match(html, /<section id="human"/);
  assert.match(html, /<title id="chart-human-0-0-title">m2 f against TrueSkill \(Pearson r = /);
});

Deno.test("buildReport() makes a page that needs no network and keeps its data inside its script", async () => {
  const input = await exampleInput();
  input.sentences[0].source = ["</script><script>alert(1)</script>", "&", "<b>"];
  const html = await buildReport(input);
  assert.doesNotMatch(html, /\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
  assert.doesNotMatch(html, /@import|url\(\s*["']?https?:/i);
  assert.equal(html.match(/<\/script>/g)?.length, 2);
  const json = html.match(/<script type="application\/json" id="report-data">(.*?)<\/script>/s)![1];
  const data = JSON.parse(json);
  assert.equal(data.sents[0][0], "</script><script>alert(1)</script> & <b>");
  assert.deepEqual(data.systems, input.systems.map((s) => s.name));
  // Every chart is accessible: role img, a title and a description.
  const svgs = html.match(/<svg [^>]*>/g) ?? [];
  assert.ok(svgs.length >= 3);
  for (const svg of svgs) assert.match(svg, /role="img" aria-labelledby="[^"]+-title [^"]+-desc"/);
  // Table headers carry their scope.
  assert.doesNotMatch(html, /<th[\s>](?![^>]*scope=)/);
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

Deno.test("gecscore report writes the page, or says in one line what is wrong", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  const file = `${dir}/r.html`;
  const ok = await run(["report", "--gold", GOLD, ...SYSTEMS, "-m", "m2", "-o", file]);
  assert.equal(ok.code, 0, ok.err);
  assert.match(ok.out, /^Wrote .*r\.html: 2 systems, m2, 3 sentences/);
  assert.match(await Deno.readTextFile(file), /^<!DOCTYPE html>/);
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["r.html"]);
  // Default: intervals and paired p-values (two systems); one system: intervals only.
  const page = await Deno.readTextFile(file);
  assert.match(page, /<th scope="col" class="num">95% CI<\/th><th scope="col" class="num">p vs /);
  assert.match(
    page,
    /m2\|beta:0\.5\|muw:2\|v:1\.0\|nrefs:2\|gold:[0-9a-f]{8}\|gecscore:[^|]+\|bs:1000\|seed:12345/,
  );
  const stdout = await run(["report", "--gold", GOLD, SYSTEMS[0], "-m", "m2", "-o", "-"]);
  assert.equal(stdout.code, 0);
  assert.match(stdout.out, /^<!DOCTYPE html>[\s\S]*<\/html>\n$/);
  assert.match(stdout.out, /95% CI<\/th><\/tr>/);
  assert.doesNotMatch(stdout.out, /p vs /);
  const none = await run(["report", "--gold", GOLD, ...SYSTEMS, "--no-significance", "-o", "-"]);
  assert.doesNotMatch(none.out, /95% CI|p vs /);
  const ranked = await run([
    "report",
    "--gold",
    GOLD,
    ...SYSTEMS,
    "--paired",
    "ar",
    "--ranks",
    "--samples",
    "200",
    "-o",
    "-",
  ]);
  assert.match(ranked.out, /Paired approximate randomization \(200 trials\)/);
  assert.match(ranked.out, /<th scope="col" class="num">rank<\/th>/);
  const cases: [string[], number, RegExp][] = [
    [["report", "--gold", GOLD, SYSTEMS[0]], 2, /give the output file with -o FILE/],
    [["report", "--gold", GOLD, "-o", file], 2, /at least one system output/],
    [["report", "--gold", GOLD, SYSTEMS[0], "-o", SYSTEMS[0]], 2, /is also an input file/],
    [["report", "--gold", `${dir}/none.m2`, SYSTEMS[0], "-o", file], 1, /none\.m2/],
    [["report", "--gold", GOLD, SYSTEMS[0], SYSTEMS[0], "-o", file], 2, /Two systems are named/],
    [["report", "--gold", GOLD, SYSTEMS[0], "-m", "nope", "-o", file], 2, /nope/],
    [["report", "--gold", GOLD, SYSTEMS[0], "-o", `${dir}/no/such/r.html`], 1, /no such folder/],
    [["report", "--gold", GOLD, SYSTEMS[0], "--paired", "bs", "-o", file], 2, /two systems/],
    [["report", "--gold", GOLD, ...SYSTEMS, "--paired", "xx", "-o", file], 2, /bs or ar/],
    [
      ["report", "--gold", GOLD, ...SYSTEMS, "--no-significance", "--seed", "1", "-o", file],
      2,
      /exclude/,
    ],
  ];
  for (const [args, code, message] of cases) {
    const result = await run(args);
    assert.equal(result.code, code, `${args.join(" ")}: ${result.err}`);
    assert.match(result.err, message);
    assert.equal(result.err.trim().split("\n").length, 1, result.err);
    assert.equal(result.out, "");
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("gecscore report --human plots each metric against the human scores, with meta's r", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  const systems = [...SYSTEMS, `${dir}/INPUT`];
  const gold = await readGold(GOLD);
  await Deno.writeTextFile(
    systems[2],
    gold.sentences.map((s) => s.source.join(" ")).join("\n") + "\n",
  );
  const human = `${dir}/ew.txt`;
  await Deno.writeTextFile(
    human,
    "human\tsrc-trg\tt\tm2scorer_example_system\t0.5\n" +
      "human\tsrc-trg\tt\tm2scorer_example_system2\t0.4\n" +
      "human\tsrc-trg\tt\tINPUT\t0.1\n",
  );
  const file = `${dir}/r.html`;
  const made = await run([
    "report",
    "--gold",
    GOLD,
    ...systems,
    "-m",
    "m2",
    "--human",
    human,
    "-o",
    file,
  ]);
  assert.equal(made.code, 0, made.err);
  const html = await Deno.readTextFile(file);
  const title = html.match(
    /<title id="chart-human-0-0-title">m2 f against ew \(Pearson r = ([-\d.]+), Spearman rho = ([-\d.]+)\)/,
  );
  assert.ok(title, "the human chart");
  const meta = await run(["meta", "--gold", GOLD, ...systems, "-m", "m2", "--human", human]);
  assert.equal(meta.code, 0, meta.err);
  const row = meta.out.split("\n").find((l) => l.startsWith("m2 "))!.trim().split(/\s+/);
  assert.deepEqual([Number(title[1]).toFixed(3), Number(title[2]).toFixed(3)], [row[1], row[2]]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("gecscore report --hyp-m2 scores ERRANT and shows its per-category F", async () => {
  const gold = "tests/testdata/errant/ref.m2", hyp = "tests/testdata/errant/hyp.m2";
  const page = await run(["report", "--gold", gold, "--hyp-m2", hyp, "-m", "errant", "-o", "-"]);
  assert.equal(page.code, 0, page.err);
  const json = await run([
    "score",
    "--gold",
    gold,
    "--hyp-m2",
    hyp,
    "-m",
    "errant",
    "--format",
    "json",
  ]);
  const errant = JSON.parse(json.out).systems[0].metrics.errant;
  assert.match(
    page.out,
    new RegExp(`data-metric="errant" data-field="f" data-value="${errant.f}"`),
  );
  assert.match(page.out, /<h3>errant: ERRANT category \(level 3\)<\/h3>/);
  const table = page.out.match(/<table class="types" data-metric="errant">[\s\S]*?<\/table>/)![0];
  for (
    const [category, row] of Object.entries(errant.categories as Record<string, { f: number }>)
  ) {
    assert.match(
      table,
      new RegExp(`<th scope="row">${category}</th><td class="num">${row.f.toFixed(4)} `),
    );
  }
});
