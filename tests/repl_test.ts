import assert from "node:assert/strict";
import { createRegistry } from "../mod.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { Session } from "../repl/session.ts";
import { formatDiff, tokenDiff } from "../util/token_diff.ts";
import examplePlugin from "../examples/exact_match.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYS1 = "tests/testdata/m2scorer_example_system";
const SYS2 = "tests/testdata/m2scorer_example_system2";
const TOY = "tests/testdata/plugins/toy_metrics.ts";
const TOY_GOLD = "tests/testdata/toy.toyref";
const TOY_HYP = "tests/testdata/toy_hyp.txt";
const S1 = "m2scorer_example_system";
const S2 = "m2scorer_example_system2";

/** A session with the built-ins, the example plugin, the toy plugin, the gold and both systems. */
async function session(): Promise<Session> {
  const s = new Session({ registry: createRegistry().use(examplePlugin) });
  assert.match(await s.execute(`load plugin ${TOY}`), /^Loaded plugin toy-metrics 0\.1\.0: /);
  await s.execute(`load gold ${GOLD}`);
  await s.execute(`load hyp ${SYS1} ${SYS2}`);
  return s;
}

/** The data row of a table whose first cell is `name`, split on runs of 2+ spaces. */
function row(text: string, name: string): string[] {
  const line = text.split("\n").find((l) => l.split(/ {2,}/)[0] === name);
  assert.ok(line, `no row ${name} in:\n${text}`);
  return line.split(/ {2,}/);
}

/** The cells under `header` (e.g. "toy_len ratio") of each row, keyed by first cell. */
function column(text: string, header: string): Record<string, string> {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.includes(header));
  assert.ok(start >= 0, `no column ${header} in:\n${text}`);
  const head = lines[start];
  const rule = lines[start + 1];
  // Column extents come from the rule line (dashes separated by two spaces).
  const extents: [number, number][] = [];
  for (const m of rule.matchAll(/-+/g)) extents.push([m.index!, m.index! + m[0].length]);
  const k = extents.findIndex(([a, b]) => head.slice(a, b).trim() === header);
  assert.ok(k >= 0, `header ${header} not aligned in:\n${head}\n${rule}`);
  const out: Record<string, string> = {};
  for (const line of lines.slice(start + 2)) {
    if (!line.trim() || line.includes(": ")) break; // notes and signatures follow the table
    const name = line.slice(extents[0][0], extents[0][1]).trim();
    out[name] = line.slice(extents[k][0], extents[k][1]).trim();
  }
  return out;
}

Deno.test("tokenDiff() finds the shortest token diff and formatDiff() renders it", () => {
  const src = "Giant otters is an apex predator .".split(" ");
  const hyp = "Giant otters are apex predators .".split(" ");
  assert.equal(
    formatDiff(tokenDiff(src, hyp)),
    "Giant otters [-is an-]{+are+} apex [-predator-]{+predators+} .",
  );
  assert.equal(formatDiff(tokenDiff(src, src)), src.join(" "));
  assert.equal(formatDiff(tokenDiff([], ["a"])), "{+a+}");
  assert.equal(formatDiff(tokenDiff(["a"], [])), "[-a-]");
  const colored = formatDiff(tokenDiff(["a", "b"], ["a", "c"]), true);
  assert.equal(colored, "a \x1b[31;9mb\x1b[0m \x1b[32;1mc\x1b[0m");
  // Every diff replays to its target.
  const a = "x a b c d e f".split(" "), b = "a c b d f g e".split(" ");
  const runs = tokenDiff(a, b);
  assert.deepEqual(runs.filter((r) => r.kind !== "del").flatMap((r) => r.tokens), b);
  assert.deepEqual(runs.filter((r) => r.kind !== "ins").flatMap((r) => r.tokens), a);
  const same = runs.filter((r) => r.kind === "same").flatMap((r) => r.tokens).length;
  assert.equal(same, 4); // LCS of the two: a b d f (or a c d e ...) has 4 tokens
});

Deno.test("Session loads gold, systems and plugins", async (t) => {
  const s = await session();
  await t.step("systems", async () => {
    const out = await s.execute("systems");
    assert.deepEqual(row(out, "1").slice(0, 3), ["1", S1, "2"]);
    assert.deepEqual(row(out, "2").slice(0, 3), ["2", S2, "2"]);
  });
  await t.step("metrics lists every registered metric with status and options", async () => {
    const out = await s.execute("metrics");
    assert.deepEqual(row(out, "toy_len"), ["toy_len", "1.0", "ratio", "ok", "scale=1"]);
    assert.deepEqual(row(out, "toy_edits"), [
      "toy_edits",
      "1.0",
      "closeness",
      "ok",
      "annotator=0 strict=false",
    ]);
    assert.match(out, /^exact_match +1\.0 +accuracy +ok +ignore_case=false references=plain$/m);
  });
  await t.step("reloading a system replaces it", async () => {
    assert.equal(
      await s.execute(`load hyp ${SYS1}`),
      `Reloaded system ${S1}: 3 sentences (${SYS1})`,
    );
    assert.deepEqual(s.systems.map((x) => x.name), [S1, S2]);
  });
  await t.step("bad loads are one-line errors", async () => {
    await assert.rejects(s.execute(`load hyp ${TOY_HYP}`), /toy_hyp\.txt.*\b2\b.*\b3\b/);
    await assert.rejects(s.execute("load hyp no/such/file"), /no\/such\/file: cannot open file/);
    await assert.rejects(
      s.execute("load plugin tests/testdata/plugins/not_a_plugin.ts"),
      /default export is not a plugin/,
    );
    await assert.rejects(s.execute(`load plugin ${TOY}`), /both register metric "toy_len"/);
    await assert.rejects(s.execute("load"), /^UsageError: Usage: load gold PATH/);
    assert.deepEqual(s.systems.map((x) => x.name), [S1, S2]);
  });
});

Deno.test("Session moves through sentences and shows them", async (t) => {
  const s = await session();
  await t.step("show: source, a reference per annotator, each system's changes", async () => {
    assert.equal(
      await s.execute("show"),
      [
        `Sentence 1 of 3  (${GOLD}:1)`,
        "source                    The cat sat at mat .",
        "ref 1                     The cat sat [-at-]{+on the+} mat .",
        "ref 2                     The cat sat at mat .",
        `${S1}   [-The-]{+A+} cat sat [-at-]{+on the+} mat .`,
        `${S2}  [-The-]{+A+} cat sat [-at-]{+on+} mat .`,
      ].join("\n"),
    );
  });
  await t.step("next, prev, goto, bare numbers", async () => {
    assert.match(await s.execute("next"), /^Sentence 2 of 3 .*\nsource +The dog \.\n/);
    assert.match(await s.execute("next"), /^Sentence 3 of 3/);
    await assert.rejects(s.execute("next"), /Already at the last sentence \(3\)/);
    assert.match(await s.execute("prev 2"), /^Sentence 1 of 3/);
    await assert.rejects(s.execute("prev"), /Already at the first sentence/);
    // A step past either end goes as far as it can and says so.
    assert.match(
      await s.execute("next 5"),
      /^Moved forward 2 sentences, to the last \(3\)\nSentence 3 of 3/,
    );
    assert.match(
      await s.execute("prev 5"),
      /^Moved back 2 sentences, to the first \(1\)\nSentence 1 of 3/,
    );
    assert.equal(s.index, 0);
    await assert.rejects(s.execute("prev 5"), /Already at the first sentence/);
    assert.match(await s.execute("goto 2"), /= ref 2\)$/m);
    assert.equal(s.index, 1);
    assert.match(await s.execute("3"), /^Sentence 3 of 3/);
    assert.match(await s.execute("g 1"), /^Sentence 1 of 3/);
    await assert.rejects(s.execute("goto 4"), /Sentence must be a whole number from 1 to 3/);
    await assert.rejects(s.execute("goto two"), /from 1 to 3/);
    assert.equal(s.prompt, "[1/3]> ");
  });
  await t.step("find WORDS searches source, references and hypotheses, wrapping", async () => {
    assert.match(await s.execute("find otters"), /^Sentence 3 of 3/);
    assert.match(await s.execute("find dogs"), /^Sentence 2 of 3/); // only in a reference
    assert.match(await s.execute("find ON THE"), /^Sentence 1 of 3/); // wraps; any case
    assert.equal(await s.execute("find zebra"), 'No sentence contains "zebra"');
    assert.equal(s.index, 0);
    await s.execute("goto 3");
    assert.match(await s.execute("find -- are apex"), /^Sentence 3 of 3/); // itself, last
  });
  await t.step("find diff: where two systems differ", async () => {
    await s.execute("goto 2");
    assert.match(await s.execute(`find diff ${S1} ${S2}`), /^Sentence 1 of 3/);
    assert.match(await s.execute("find diff"), /^Sentence 1 of 3/); // exactly two loaded
    assert.equal(
      await s.execute(`find diff ${S1} ${S1}`),
      `${S1} and ${S1} are identical on every sentence`,
    );
    await assert.rejects(s.execute(`find diff ${S1} nobody`), /Unknown system "nobody"; loaded: /);
  });
  await t.step("find disagree: most system pairs ordered oppositely", async () => {
    await s.execute("goto 2");
    // Sentence 1: toy_len prefers system (7/6 > 6/6), toy_edits system2 (1/(1+3) < 1/(1+0)).
    const out = await s.execute("find disagree toy_len toy_edits");
    assert.match(
      out,
      /^Sentence 1: 1 of 1 system pairs ordered oppositely by toy_len and toy_edits/,
    );
    assert.equal(s.index, 0);
    assert.deepEqual(column(out, "toy_len ratio"), { [S1]: "1.1667", [S2]: "1" });
    assert.deepEqual(column(out, "toy_edits closeness"), { [S1]: "0.2500", [S2]: "1" });
    assert.ok(!out.includes("exact_match"), "only the two metrics are scored");
  });
  await t.step("find disagree with one system: sentence ranks differ most", async () => {
    await s.execute("goto 3");
    // toy_len of system by sentence: 7/6, 3/3, 6/7; toy_edits: 1/4, 1/2, 1/3.
    const out = await s.execute(`find disagree toy_len toy_edits ${S1}`);
    assert.match(
      out,
      new RegExp(
        `^Sentence 1: ${S1}'s sentence ranks at 100% by toy_len \\(1\\.1667\\) and at 0% by ` +
          `toy_edits \\(0\\.2500\\) among its 3 sentences`,
      ),
    );
    await assert.rejects(s.execute("find disagree toy_len toy_len"), /two different metrics/);
    await assert.rejects(s.execute("find disagree toy_len"), /Usage: find disagree/);
    await assert.rejects(s.execute("find disagree toy_len nope"), /Unknown metric "nope"/);
  });
  await t.step("-METRIC: lower is better", async () => {
    // Flipping toy_len makes it prefer system2 on sentence 1, as toy_edits does.
    assert.equal(
      await s.execute("find disagree -toy_len toy_edits"),
      "-toy_len and toy_edits never disagree",
    );
    // One system: -toy_len values -7/6, -1, -6/7 rank 0%, 50%, 100%; toy_edits values 1/4,
    // 1/2, 1/3 rank 0%, 100%, 50%. Sentences 2 and 3 tie; repeating visits both.
    assert.equal(s.index, 0);
    let out = await s.execute(`find disagree -toy_len toy_edits ${S1}`);
    assert.match(
      out,
      new RegExp(
        `^Sentence 2: ${S1}'s sentence ranks at 50% by -toy_len \\(1\\) and at 100% by ` +
          `toy_edits \\(0\\.5000\\) among its 3 sentences\n`,
      ),
    );
    out = await s.execute(`find disagree -toy_len toy_edits ${S1}`);
    assert.match(out, /^Sentence 3: .* at 100% by -toy_len \(0\.8571\) and at 50% by toy_edits/);
    await s.execute("goto 1");
  });
  await t.step("agreeing metrics never disagree", async () => {
    await s.execute("set toy_edits.strict true");
    await s.execute("set exact_match.ignore_case true");
    assert.equal(
      await s.execute("find disagree exact_match toy_len"),
      "exact_match and toy_len never disagree",
    );
    await s.execute("reset");
  });
});

Deno.test("Session scores, aligns and tries hypotheses with every metric", async (t) => {
  const s = await session();
  await t.step("score: every metric side by side", async () => {
    const out = await s.execute("score");
    assert.deepEqual(column(out, "toy_len ratio"), { [S1]: "1.1667", [S2]: "1" });
    assert.deepEqual(column(out, "hyp/src"), { [S1]: "7/6", [S2]: "6/6" });
    assert.deepEqual(column(out, "changes/edits"), { [S1]: "5/2", [S2]: "2/2" });
    assert.deepEqual(column(out, "exact_match accuracy"), { [S1]: "0", [S2]: "0" });
    assert.deepEqual(column(out, "token_edit_rate rate"), { [S1]: "0.1429", [S2]: "0.2857" });
  });
  await t.step("score SYSTEM METRIC selects", async () => {
    const out = await s.execute(`score ${S2} toy_len`);
    assert.equal(
      out,
      "system                    toy_len ratio  hyp/src\n" +
        "------------------------  -------------  -------\n" +
        `${S2}              1  6/6`,
    );
    await assert.rejects(s.execute("score nobody"), /"nobody" is neither a loaded system/);
  });
  await t.step("align METRIC: the metric's explanation per system", async () => {
    const out = await s.execute(`align toy_edits ${S1}`);
    assert.equal(
      out,
      [
        `== toy_edits on ${S1}  (toy_edits|ann:0|strict:false|v:1.0)`,
        "hypothesis  [-The-]{+A+} cat sat [-at-]{+on the+} mat .",
        "5 changed positions, 2 gold edits of annotator 0",
        "",
        "Positions",
        "i  source  hypothesis",
        "-  ------  ----------",
        "0  The     A",
        "3  at      on",
        "4  mat     the",
        "5  .       mat",
      ].join("\n"),
    );
    const both = await s.execute("align exact_match");
    assert.equal(both.match(/^== exact_match on /gm)?.length, 2);
    await assert.rejects(
      s.execute("align"),
      /Usage: align METRIC \[SYSTEM\.\.\.\]; metrics: .*toy_len/,
    );
    await assert.rejects(s.execute("align nope"), /Unknown metric "nope"; known metrics: /);
  });
  await t.step("try TEXT: a typed hypothesis against every metric, with alignments", async () => {
    await s.execute("goto 2");
    const out = await s.execute("try The dogs .");
    assert.ok(out.startsWith("source  The dog .\ntyped   The [-dog-]{+dogs+} .\n"), out);
    assert.deepEqual(column(out, "exact_match accuracy"), { typed: "1" });
    assert.deepEqual(column(out, "changes/edits"), { typed: "1/1" });
    assert.match(
      out,
      /^== toy_len {2}\(toy_len\|scale:1\|v:1\.0\)\n3 hypothesis tokens for 3 source tokens$/m,
    );
    assert.match(out, /^== exact_match {2}\(.*\)\nequals reference 1$/m);
    await assert.rejects(s.execute("try"), /Usage: try \[-v\] TEXT/);
  });
  await t.step("set METRIC.OPTION VALUE changes scores live", async () => {
    assert.equal(
      await s.execute("set toy_len.scale 2"),
      "toy_len.scale = 2 (was 1); toy_len|scale:2|v:1.0",
    );
    assert.deepEqual(column(await s.execute("score toy_len"), "toy_len ratio"), {
      [S1]: "2",
      [S2]: "2",
    });
    assert.equal(
      await s.execute("set toy_edits.strict=yes"),
      "toy_edits.strict = true (was false); toy_edits|ann:0|strict:true|v:1.0",
    );
    assert.match(await s.execute("set toy_len"), /^toy_len\.scale +2 +1 +0\.\. +Multiply/m);
    assert.match(
      await s.execute("set toy_edits.strict"),
      /^toy_edits\.strict +true +false +true\|false/m,
    );
    assert.match(
      await s.execute("set"),
      /^exact_match\.references +plain +plain +plain\|conll2014/m,
    );
    await assert.rejects(s.execute("set toy_len.scale -1"), /toy_len\.scale must be >= 0, got -1/);
    await assert.rejects(
      s.execute("set toy_len.size 1"),
      /Unknown option toy_len\.size; valid: toy_len\.scale/,
    );
    await assert.rejects(
      s.execute("set exact_match.references odd"),
      /must be one of plain, conll2014/,
    );
    await assert.rejects(s.execute("set nope.x 1"), /Unknown metric "nope"/);
    assert.equal(await s.execute("reset toy_len.scale"), "toy_len.scale = 1 (default)");
    assert.equal(await s.execute("reset toy_edits"), "toy_edits: options back to their defaults");
    assert.match(await s.execute("metrics"), /^toy_edits .* annotator=0 strict=false$/m);
  });
  await t.step("corpus: corpus scores from statistics computed once", async () => {
    const out = await s.execute("corpus toy_len toy_edits");
    assert.deepEqual(column(out, "hyp/src"), { [S1]: "16/16", [S2]: "15/16" });
    assert.deepEqual(column(out, "toy_edits closeness"), { [S1]: "0.2000", [S2]: "0.5000" });
    assert.match(out, /^toy_len: toy_len\|scale:1\|v:1\.0\|nrefs:2\|gold:[0-9a-f]{8}\|gecscore:/m);
    const metric = s.registry.metric("toy_len");
    const stats = s.corpusStats(s.system(S1), metric);
    assert.equal(s.corpusStats(s.system(S1), metric), stats, "cached");
    await s.execute("set toy_len.scale 3");
    assert.notEqual(s.corpusStats(s.system(S1), metric), stats, "options key the cache");
    assert.deepEqual(column(await s.execute("corpus toy_len"), "toy_len ratio"), {
      [S1]: "3",
      [S2]: "2.8125",
    });
    await s.execute("reset");
    assert.equal(s.corpusStats(s.system(S1), metric), stats, "back to the first options");
  });
});

Deno.test("Session shows metrics the gold cannot serve as n/a", async () => {
  const s = new Session({ registry: createRegistry().use(examplePlugin) });
  await s.execute(`load plugin ${TOY}`);
  assert.equal(
    await s.execute(`load gold ${TOY_GOLD}`),
    `Loaded gold ${TOY_GOLD}: 2 sentences, format toyref (provides references)`,
  );
  await s.execute(`load hyp ${TOY_HYP}`);
  assert.match(await s.execute("metrics"), /^toy_edits .* n\/a \(needs annotations\) /m);
  assert.match(await s.execute("metrics"), /^toy_len .* ok /m);
  const score = await s.execute("score");
  assert.deepEqual(column(score, "toy_edits"), { "toy_hyp.txt": "n/a (needs annotations)" });
  assert.deepEqual(column(score, "exact_match accuracy"), { "toy_hyp.txt": "1" });
  assert.match(await s.execute("corpus"), /n\/a \(needs annotations\)/);
  assert.equal(await s.execute("align toy_edits"), "toy_edits: n/a (needs annotations)");
  assert.doesNotMatch(await s.execute("try The cat sat ."), /== toy_edits/);
  assert.equal(
    await s.execute("show"),
    [
      `Sentence 1 of 2  (${TOY_GOLD}:1)`,
      "source       The cat sat at mat .",
      "ref 1        The cat sat [-at-]{+on the+} mat .",
      "ref 2        The cat sat [-at-]{+on a+} mat .",
      "toy_hyp.txt  The cat sat [-at-]{+on the+} mat .  (= ref 1)",
    ].join("\n"),
  );
  await assert.rejects(s.execute("find disagree toy_len toy_edits"), /toy_edits is n\/a/);
  // Loading another gold keeps only the systems of its length.
  assert.match(
    await s.execute(`load gold ${GOLD}`),
    /Unloaded systems of another length: toy_hyp\.txt/,
  );
  assert.equal(s.systems.length, 0);
});

Deno.test("Session without a gold or systems says what to load", async () => {
  const s = new Session({ registry: createRegistry({ builtins: false }) });
  for (const command of ["show", "next", "goto 1", "score", "try a", "find a", "corpus"]) {
    await assert.rejects(s.execute(command), /No gold loaded: load gold PATH/, command);
  }
  assert.equal(await s.execute("metrics"), "No metrics registered: load plugin SPEC");
  assert.equal(await s.execute("systems"), "No systems loaded: load hyp PATH...");
  assert.equal(s.prompt, "gecscore> ");
  assert.equal(await s.execute("   "), "");
  assert.equal(await s.execute("# a comment"), "");
  await assert.rejects(s.execute("bogus"), /Unknown command "bogus"; commands: help, load/);
});

Deno.test("Session help describes every command", async () => {
  const s = new Session();
  const all = await s.execute("help");
  const names = [
    "help",
    "load",
    "systems",
    "metrics",
    "show",
    "next",
    "prev",
    "goto",
    "find",
    "align",
    "score",
    "try",
    "set",
    "reset",
    "corpus",
    "quit",
  ];
  for (const name of names) {
    assert.match(all, new RegExp(`^  ${name}\\b`, "m"), name);
    const one = await s.execute(`help ${name}`);
    assert.match(one, new RegExp(`^${name}\\b.*\\n  \\S`), name);
  }
  assert.match(await s.execute("help n"), /^next \[N\]\n.*\n {2}Aliases: n$/);
  assert.match(await s.execute("? find"), /find disagree M1 M2/);
  await assert.rejects(s.execute("help nope"), /Unknown command "nope"/);
  assert.equal(await s.execute("quit"), "");
  assert.equal(s.done, true);
});

Deno.test("Session.complete() completes commands, metrics, options, systems and paths", async () => {
  const s = await session();
  assert.deepEqual(s.complete("sh"), [["show "], "sh"]);
  // A unique completion ends with a space, as a command's does: the next word follows.
  assert.deepEqual(s.complete("load p"), [["plugin "], "p"]);
  assert.deepEqual(s.complete("load hyp tests/testdata/toy_h"), [
    [TOY_HYP + " "],
    "tests/testdata/toy_h",
  ]);
  assert.deepEqual(s.complete("load plugin tests/testdata/plugins/toy")[0], [TOY + " "]);
  assert.deepEqual(s.complete("load gold tests/testd"), [["tests/testdata/"], "tests/testd"]);
  assert.deepEqual(s.complete("align toy_"), [["toy_len", "toy_edits"], "toy_"]);
  assert.deepEqual(s.complete(`align toy_len m2scorer_example_system`)[0], [S1, S2]);
  assert.deepEqual(s.complete("set toy_len"), [["toy_len.", "toy_len.scale"], "toy_len"]);
  assert.deepEqual(s.complete("set toy_edits.s"), [["toy_edits.strict "], "toy_edits.s"]);
  assert.deepEqual(s.complete("set toy_edits.strict "), [["true", "false"], ""]);
  assert.deepEqual(s.complete("set exact_match.references c"), [["conll2014 "], "c"]);
  assert.deepEqual(s.complete("find d"), [["diff", "disagree"], "d"]);
  assert.deepEqual(s.complete("find disagree toy_l"), [["toy_len "], "toy_l"]);
  assert.deepEqual(s.complete("find disagree toy_len -toy_e"), [["-toy_edits "], "-toy_e"]);
  assert.deepEqual(s.complete(`find diff ${S1}`)[0], [S1, S2]);
  assert.deepEqual(s.complete("score toy_e"), [["toy_edits "], "toy_e"]);
  assert.deepEqual(s.complete("help ali"), [["align "], "ali"]);
  assert.deepEqual(s.complete("zzz "), [[], ""]);
});

// ---- the program: scripted on stdin, and in a pseudo-terminal ------------------------------

async function repl(args: string[], stdin: string, env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "repl.ts", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("repl.ts runs commands piped on stdin without prompts", async (t) => {
  await t.step("a clean script exits 0 and prints only the commands' output", async () => {
    const { code, stdout, stderr } = await repl(
      ["--plugin", TOY, "--gold", GOLD, SYS1, SYS2],
      [
        "load plugin examples/exact_match.ts",
        "goto 3",
        "score toy_len exact_match",
        "find diff",
        "align toy_len " + S2,
        "set toy_len.scale 0.5",
        "try A cat sat .",
        "quit",
        "this line is never run",
      ].join("\n"),
    );
    assert.equal(stderr, "");
    assert.equal(code, 0);
    assert.doesNotMatch(stdout, /\]> |gecscore> /);
    assert.ok(!stdout.includes("\x1b["), "no escape sequences");
    const lines = stdout.split("\n");
    assert.match(lines[0], /^Loaded plugin toy-metrics 0\.1\.0/);
    assert.match(lines[1], /^Loaded gold tests\/testdata\/m2scorer_example\.m2: 3 sentences/);
    assert.match(stdout, /^Loaded plugin gecscore-example-plugin 1\.0\.0/m);
    assert.match(stdout, /^Sentence 3 of 3 /m);
    assert.match(stdout, new RegExp(`^${S1} +0\\.8571 +6/7 +0 +0/1$`, "m"));
    assert.match(stdout, /^Sentence 1 of 3 /m);
    assert.match(
      stdout,
      new RegExp(`^== toy_len on ${S2} {2}\\(toy_len\\|scale:1\\|v:1\\.0\\)$`, "m"),
    );
    assert.match(stdout, /^toy_len\.scale = 0\.5 \(was 1\)/m);
    assert.match(stdout, /^typed\b.* 0\.3333 +4\/6( |$)/m);
    assert.doesNotMatch(stdout, /never run/);
  });
  await t.step("a failing command is a one-line error; the session goes on; exit 1", async () => {
    const { code, stdout, stderr } = await repl(
      ["--gold", GOLD],
      "goto 7\nfrobnicate\nload hyp nowhere.txt\nload plugin tests/testdata/plugins/no_default.ts\ngoto 2\n",
    );
    assert.equal(code, 1);
    assert.deepEqual(stderr.trimEnd().split("\n"), [
      "error: line 1: Sentence must be a whole number from 1 to 3",
      'error: line 2: Unknown command "frobnicate"; commands: help, load, annotate, systems, metrics, show, next, prev, goto, find, align, edits, score, try, set, reset, corpus, ci, compare, quit (help CMD)',
      "error: line 3: nowhere.txt: cannot open file: no such file",
      "error: line 4: Plugin tests/testdata/plugins/no_default.ts has no default export; export default { name, version, metrics }",
    ]);
    assert.match(stdout, /^Sentence 2 of 3 /m);
  });
  await t.step("start-up errors: bad input exits 1, bad usage 2", async () => {
    let r = await repl(["--gold", "no/such.m2"], "");
    assert.equal(r.code, 1);
    assert.equal(r.stderr, "gecscore repl: no/such.m2: cannot open file: no such file\n");
    r = await repl(["--bogus"], "");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^gecscore repl: Unknown option '--bogus'/);
    r = await repl([SYS1], "");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /give --gold GOLD/);
    r = await repl(["--help"], "");
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage:\n {2}gecscore repl/);
  });
  await t.step("a reader that goes away (| head) ends the session quietly", async () => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "repl.ts", "--gold", GOLD],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.getReader();
    await reader.read(); // the first line, then hang up
    await reader.cancel();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode("help\n".repeat(50)));
    await writer.close().catch(() => {});
    const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
    assert.equal(stderr, "");
    assert.equal(status.code, 0);
  });
  await t.step("gecscore repl is the same program", async () => {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "cli.ts", "--plugin", TOY, "repl", "--gold", GOLD, SYS1],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(output.code, 0);
    assert.match(
      new TextDecoder().decode(output.stdout),
      /^Loaded system m2scorer_example_system:/m,
    );
  });
});

function hasScript(): boolean {
  try {
    return new Deno.Command("script", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/** Deno's cache directory, so that a child with another HOME finds the modules cached. */
function denoDir(): string {
  const output = new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stderr: "null" })
    .outputSync();
  return JSON.parse(new TextDecoder().decode(output.stdout)).denoDir;
}

const SCRIPT = hasScript();
if (!SCRIPT) {
  console.warn("Skipping the pseudo-terminal REPL test: util-linux `script` is not installed.");
}

/** A REPL running in a pseudo-terminal under `script`: type keys, wait for screen text. */
class Terminal {
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #screen = "";
  #reading: Promise<void>;

  constructor(command: string, env: Record<string, string>) {
    this.#child = new Deno.Command("script", {
      args: ["-qfec", command, "/dev/null"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        TERM: "xterm",
        DENO_DIR: denoDir(), // HOME changes: keep using the same module cache
        ...env,
      },
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    const stdout = this.#child.stdout;
    this.#reading = (async () => {
      for await (const chunk of stdout.pipeThrough(new TextDecoderStream())) {
        this.#screen += chunk;
      }
    })();
  }

  /** Everything printed so far. */
  get raw(): string {
    return this.#screen;
  }

  /** The output without escape sequences and carriage returns. */
  get text(): string {
    // deno-lint-ignore no-control-regex
    return this.#screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
  }

  async type(keys: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(keys));
  }

  /** Wait until the text after `from` matches. */
  async waitFor(pattern: RegExp, from = 0, timeout = 15000): Promise<number> {
    const until = Date.now() + timeout;
    while (Date.now() < until) {
      const m = pattern.exec(this.text.slice(from));
      if (m) return from + m.index + m[0].length;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`Timed out waiting for ${pattern}; screen:\n${this.text}`);
  }

  async close(): Promise<number> {
    await this.#writer.close().catch(() => {});
    const status = await this.#child.status;
    await this.#reading;
    await this.#child.stderr.cancel().catch(() => {});
    return status.code;
  }
}

Deno.test({
  name: "repl.ts in a pseudo-terminal: prompt, tab completion, history, colours",
  ignore: !SCRIPT,
  async fn() {
    const home = await Deno.makeTempDir({ prefix: "gecscore_repl_" });
    try {
      const command = (flags: string) =>
        `${Deno.execPath()} run --allow-read ${flags} repl.ts --gold ${GOLD} ${SYS1}`;
      const withHistory = `--allow-env --allow-write=${home}`;
      let term = new Terminal(command(withHistory), { HOME: home });
      let at = await term.waitFor(/\[1\/3\]> $/);
      await term.type("lo");
      await term.type("\t"); // completes the command
      at = await term.waitFor(/load $/, at);
      await term.type(`plugin ${TOY}\r`);
      at = await term.waitFor(/Loaded plugin toy-metrics.*\n\[1\/3\]> $/, at);
      await term.type("set toy_len.sc");
      await new Promise((r) => setTimeout(r, 100));
      await term.type("\t"); // completes the option name, and the space after it
      at = await term.waitFor(/set toy_len\.scale $/, at);
      await term.type("3\r");
      at = await term.waitFor(/toy_len\.scale = 3 \(was 1\)/, at);
      await term.type("goto 2\r");
      at = await term.waitFor(/Sentence 2 of 3.*\n(.*\n)*\[2\/3\]> $/, at);
      // Colour on a terminal: the diff is red/green, not bracketed.
      assert.ok(term.raw.includes("\x1b[31;9mdog\x1b[0m \x1b[32;1mdogs\x1b[0m"));
      await term.type("\x1b[A"); // up: goto 2
      at = await term.waitFor(/goto 2$/, at);
      await term.type("\x1b[A"); // up again: the set command
      at = await term.waitFor(/set toy_len\.scale 3$/, at);
      await term.type("\r");
      at = await term.waitFor(/toy_len\.scale = 3 \(was 3\)/, at);
      await term.type("nonsense\r");
      at = await term.waitFor(/error: Unknown command "nonsense"/, at);
      await term.type("quit\r");
      assert.equal(await term.close(), 0);
      const history = await Deno.readTextFile(`${home}/.gecscore_history`);
      assert.deepEqual(history.trimEnd().split("\n"), [
        `load plugin ${TOY}`,
        "set toy_len.scale 3",
        "goto 2",
        "set toy_len.scale 3",
        "nonsense",
        "quit",
      ]);

      // A new session recalls the file's history; NO_COLOR turns colours off.
      term = new Terminal(command(withHistory), { HOME: home, NO_COLOR: "1" });
      at = await term.waitFor(/\[1\/3\]> $/);
      await term.type("\x1b[A\x1b[A"); // quit, then nonsense
      at = await term.waitFor(/nonsense$/, at);
      await term.type("\x15next\r"); // Ctrl-U clears the line
      at = await term.waitFor(/Sentence 2 of 3/, at);
      assert.ok(term.text.includes("The [-dog-]{+dogs+} ."));
      assert.ok(!term.raw.includes("\x1b[31;9m"), "no colours with NO_COLOR");
      await term.type("\x04"); // Ctrl-D leaves
      assert.equal(await term.close(), 0);

      // Without --allow-env/--allow-write: no history file, no prompt, no error.
      const before = await Deno.readTextFile(`${home}/.gecscore_history`);
      term = new Terminal(command(""), { HOME: home });
      at = await term.waitFor(/\[1\/3\]> $/);
      await term.type("goto 2");
      at = await term.waitFor(/goto 2$/, at);
      await term.type("\x03"); // Ctrl-C drops the line
      at = await term.waitFor(/\^C\n/, at);
      await term.type("show\r");
      at = await term.waitFor(/Sentence 1 of 3(.*\n)*\[1\/3\]> $/, at);
      await term.type("goto 3\r");
      at = await term.waitFor(/Sentence 3 of 3(.*\n)*\[3\/3\]> $/, at);
      await term.type("score gle");
      await new Promise((r) => setTimeout(r, 100));
      await term.type("\t"); // a metric name ends with a space too: the next word follows
      at = await term.waitFor(/score gleu $/, at);
      await term.type("m2\r");
      at = await term.waitFor(/gleu.*\n(.*\n)*m2scorer_example_system .*\n(.*\n)*\[3\/3\]> $/, at);
      await term.type("quit\r");
      assert.equal(await term.close(), 0);
      assert.doesNotMatch(term.text, /error:|permission|Deno requests|Allow\?/i);
      assert.equal(await Deno.readTextFile(`${home}/.gecscore_history`), before);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});

Deno.test("Session shows nested score fields, and a metric that throws as an error cell with a failure", async () => {
  const nested = {
    id: "nested",
    description: "Nested score fields (test)",
    version: "1",
    defaults: { whole: 2 }, // echoed in the score: not a count
    needs: [],
    headline: "correction.i",
    stats: (_: unknown, hyp: string[]) => ({ n: hyp.length }),
    corpus: (stats: { n: number }[]) => {
      const n = stats.reduce((a, s) => a + s.n, 0);
      // p is 1 for one sentence: a rate, not a count, though a whole number there.
      const p = 1 / stats.length;
      return {
        correction: { tp: n, fp: stats.length, p, i: n / 10, whole: 2 },
        detection: { rate: 0.5 },
      };
    },
    sentence(s: { n: number }) {
      return this.corpus([s]);
    },
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "nested|v:1",
  };
  const broken = {
    ...nested,
    id: "broken",
    headline: "x",
    stats(_: unknown, hyp: string[]) {
      if (hyp.includes("A")) throw new Error("cannot score A\nsecond line");
      return { n: 1 };
    },
    corpus: () => ({ x: 1 }),
  };
  const s = new Session({
    registry: createRegistry().use({ name: "test", version: "1", metrics: [nested, broken] }),
  });
  await s.execute(`load gold ${GOLD}`);
  await s.execute(`load hyp ${SYS1} ${SYS2}`);
  const out = await s.execute("score nested broken");
  assert.deepEqual(column(out, "nested correction.i"), { [S1]: "0.7000", [S2]: "0.6000" });
  assert.deepEqual(column(out, "correction tp/fp"), { [S1]: "7/1", [S2]: "6/1" });
  assert.deepEqual(column(out, "broken x"), { [S1]: "error", [S2]: "error" });
  assert.doesNotMatch(out, /cannot score A/);
  // Named as every path of the engine names a fault: plugin, metric, system, sentence, line.
  assert.deepEqual(s.failures, [
    `Plugin test 1, metric "broken", system ${S1}, sentence 1 (${GOLD}:1): stats() threw Error: cannot score A`,
    `Plugin test 1, metric "broken", system ${S2}, sentence 1 (${GOLD}:1): stats() threw Error: cannot score A`,
  ]);
  await s.execute("goto 2");
  assert.deepEqual(column(await s.execute("score broken"), "broken x"), { [S1]: "1", [S2]: "1" });
  const corpus = await s.execute("corpus broken");
  assert.deepEqual(column(corpus, "broken x"), { [S1]: "error", [S2]: "error" });
  assert.ok(s.failures.some((f) => f.includes(`system ${S2}, sentence 1`)));
  await s.execute("goto 1");
  assert.deepEqual(s.failures, []);
});

Deno.test("Session loads a hypothesis M2 and align errant explains the ERRANT way", async () => {
  const s = new Session({ registry: createRegistry() });
  await s.execute("load gold tests/testdata/errant/ref.m2");
  const dir = Deno.makeTempDirSync();
  try {
    // The same system as plain text: the hypothesis M2's edits applied to its source.
    const text = (await readHypothesisM2("tests/testdata/errant/hyp.m2")).sentences
      .map((tokens) => tokens.join(" "));
    Deno.writeTextFileSync(`${dir}/plain.txt`, text.join("\n") + "\n");
    assert.match(
      await s.execute(`load hyp tests/testdata/errant/hyp.m2 ${dir}/plain.txt`),
      /Loaded system hyp: 9 sentences \(tests\/testdata\/errant\/hyp\.m2, hypothesis M2\)/,
    );
    await s.execute("goto 7");
    const align = await s.execute("align errant");
    assert.match(align, /HYP 0 - REF 1 \(chosen\): TP 2 FP 1 FN 1/);
    assert.match(align, /hyp +\(2, 4, 'the'\) +about the +R:OTHER +TP/);
    assert.match(align, /== errant on plain\.txt\nn\/a: errant compares the system's own edits/);
    const score = await s.execute("score errant");
    assert.deepEqual(row(score, "hyp").slice(1), ["0.6667", "2/1/1"]);
    assert.deepEqual(row(score, "plain.txt").slice(1), ["n/a"]);
    assert.match(score, /errant: n\/a for plain\.txt \(it compares the system's own edits/);
    // The text of the hypothesis M2 is scored like the plain text by the other metrics.
    const m2 = await s.execute("corpus m2");
    assert.deepEqual(row(m2, "hyp").slice(1), row(m2, "plain.txt").slice(1));
    assert.doesNotMatch(await s.execute("try This is an example ."), /errant/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
