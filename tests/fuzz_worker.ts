/**
 * The cases of `fuzz_test.ts`, run in a worker so that the test can end a case that hangs.
 * Told `{ seed, cases }`, it posts `{ start: DESCRIPTION }` before each case, then
 * `{ done: { failures, tally } }`. Every reader gets seeded random bytes, random strings and mutated
 * valid inputs; the command line gets a few mutated corpora. A case passes when the reader
 * returns a well-formed result or throws an `InputError` whose message is one line starting
 * with the file's name (the command line: exit 0 with valid output, or exit 1 or 2 with one
 * line on stderr that is not an internal error).
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { MersenneTwister } from "../util/mt19937.ts";
import { InputError } from "../plugins/errors.ts";
import type { GoldCorpus } from "../plugins/types.ts";
import { parseM2 } from "../formats/m2.ts";
import { parseIxml } from "../formats/ixml.ts";
import { readHypotheses, textFormat } from "../formats/text.ts";
import { parseHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { readGold } from "../builtin.ts";
import { parseWmtScores } from "../meta/wmt_scores.ts";
import { parsePairwiseJudgments } from "../meta/judgments.ts";
import { appraisePairs, parseAppraise } from "../meta/appraise.ts";
import { expectedWins } from "../meta/expected_wins.ts";
import { readTextFile } from "../meta/read_text.ts";
import { main } from "../cli.ts";

const M2 = `S The cat sat at mat .
A 3 4|||Prep|||on|||REQUIRED|||-NONE-|||0
A 4 4|||ArtOrDet|||the||a|||REQUIRED|||-NONE-|||0

S The dog .
A 1 2|||NN|||dogs|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||-NONE-|||-NONE-|||1

S Giant otters is an apex predator .
A 2 3|||SVA|||are|||REQUIRED|||-NONE-|||0
A 3 4|||ArtOrDet||||||REQUIRED|||-NONE-|||0
A 1 2|||NN|||otter|||REQUIRED|||-NONE-|||1
`;

const SYSTEM = "A cat sat on the mat .\nThe dog .\nGiant otters are apex predator .\n";

/** The system above as a hypothesis M2 (its own edits against the gold's sources). */
const HYP_M2 = `S The cat sat at mat .
A 0 1|||R:DET|||A|||REQUIRED|||-NONE-|||0
A 3 4|||R:PREP|||on|||REQUIRED|||-NONE-|||0
A 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0

S The dog .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S Giant otters is an apex predator .
A 2 3|||R:VERB:SVA|||are|||REQUIRED|||-NONE-|||0
A 3 4|||U:DET||||||REQUIRED|||-NONE-|||0
`;

const XML = `<?xml version='1.0' encoding='UTF-8'?>
<scripts><script id="1">
<sentence id="1" numann="2"><text>a cat sat in mat .</text><error-list>
<error id="1" req="no" type="ArtOrDet"><alt ann="0"><c start="0" end="1">the</c></alt></error>
<error id="2" req="yes" type="Prep"><alt ann="0"><c start="3" end="4">at</c></alt><alt ann="1"><c start="3" end="4">on</c></alt></error>
<error id="3" req="no" type="ArtOrDet"><alt ann="1"><c start="4" end="4">the</c></alt></error>
</error-list></sentence>
<sentence id="2" numann="0"><text>It is very good .</text><error-list /></sentence>
</script></scripts>
`;

const WMT_SYSTEM = "m2\tsrc-trg\tconll14\tAMU\t0.3501\nm2\tsrc-trg\tconll14\tCAMB\t0.37\n" +
  "m2\tsrc-trg\tconll14\tIPN\t0.1\nm2\tsrc-trg\tconll14\tUFC\t0.2\n";
const WMT_SENTENCE = "gleu\tsrc-trg\tconll14\tAMU\t1\t0.5\ngleu\tsrc-trg\tconll14\tAMU\t2\t0.25\n";
const CSV =
  "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,rankingID\n" +
  "src,trg,135,135,annotator01,t.AMU.x,4,t.CAMB.x,3,1\n" +
  "src,trg,136,136,annotator02,t.CAMB.x,1,t.AMU.x,2,2\n";
const APPRAISE = `<appraise-results>
<ranking-item id="0" src-id="135" user="a1">
  <translation rank="3" system="CAMB"/>
  <translation rank="1" system="INPUT IPN"/>
</ranking-item>
<ranking-item id="1" src-id="136" user="a2"><translation rank="1" system="AMU"/><translation rank="2" system="CAMB"/></ranking-item>
</appraise-results>
`;

/** Pieces that have broken parsers before, or might. */
const SNIPPETS = [
  "|||",
  "||",
  "|",
  "||||",
  "\n",
  "\r",
  "\r\n",
  "\n\n",
  "\uFEFF",
  "\0",
  "\ud800",
  "\udc00",
  "\u2028",
  "\u00a0",
  "\u3000",
  "é",
  "😀",
  " ",
  "\t",
  "-1",
  "-1 -1",
  "0",
  "4294967296",
  "99999999999999999999",
  "1e308",
  "NaN",
  "-0",
  "0x10",
  "<",
  ">",
  "&",
  "&amp;",
  "&#0;",
  "&#xD800;",
  "&foo;",
  '"',
  "'",
  ",",
  "<!DOCTYPE x>",
  "<![CDATA[",
  "]]>",
  "<?xml version='1.0'?>",
  "<!-- -->",
  '<c start="0" end="1">',
  "</c>",
  '<alt ann="">',
  "<error-list>",
  "S ",
  "A ",
  "A 0 1|||X|||y|||REQUIRED|||-NONE-|||0",
  "-NONE-",
  "noop",
  "REQUIRED",
  "__proto__",
  "constructor",
];

/** Numbers that replace a number of the input. */
const NUMBERS = ["-1", "-5", "0", "1", "7", "999", "2147483648", "1e5", "1.5", "-0", "00", "٣"];

class Fuzzer {
  #rng: MersenneTwister;
  constructor(seed: number) {
    this.#rng = new MersenneTwister(seed);
  }
  int(n: number): number {
    return n <= 0 ? 0 : this.#rng.randint(0, n - 1);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  /** A random string of snippets and random UTF-16 code units (lone surrogates included). */
  garbage(max: number): string {
    let out = "";
    const length = this.int(max);
    while (out.length < length) {
      const r = this.int(4);
      out += r === 0
        ? String.fromCharCode(this.int(0x10000))
        : r === 1
        ? String.fromCharCode(this.int(128))
        : this.pick(SNIPPETS);
    }
    return out;
  }
  bytes(max: number): Uint8Array {
    const out = new Uint8Array(this.int(max));
    for (let i = 0; i < out.length; i++) out[i] = this.int(256);
    return out;
  }
  /** One mutation of a valid text, or (one time in three) up to four. */
  mutate(text: string): string {
    const rounds = this.int(3) === 0 ? 1 + this.int(4) : 1;
    for (let k = 0; k < rounds; k++) {
      const at = this.int(text.length + 1);
      const lines = text.split("\n");
      switch (this.int(8)) {
        case 0: // truncate
          text = text.slice(0, at);
          break;
        case 1: // insert a snippet
        case 2:
          text = text.slice(0, at) + this.pick(SNIPPETS) + text.slice(at);
          break;
        case 3: // insert garbage
          text = text.slice(0, at) + this.garbage(12) + text.slice(at);
          break;
        case 4: // delete a range
          text = text.slice(0, at) + text.slice(at + 1 + this.int(20));
          break;
        case 5: { // duplicate a line
          const i = this.int(lines.length);
          lines.splice(i, 0, lines[i]);
          text = lines.join("\n");
          break;
        }
        case 6: { // swap two lines
          const i = this.int(lines.length), j = this.int(lines.length);
          [lines[i], lines[j]] = [lines[j], lines[i]];
          text = lines.join("\n");
          break;
        }
        case 7: { // replace one number
          const numbers = [...text.matchAll(/-?\d+/g)];
          if (numbers.length) {
            const m = this.pick(numbers);
            text = text.slice(0, m.index) + this.pick(NUMBERS) +
              text.slice(m.index! + m[0].length);
          }
          break;
        }
      }
    }
    return text;
  }
  /** Split a text into chunks at random places (never inside a surrogate pair). */
  chunks(text: string): string[] {
    const cuts = new Set<number>();
    for (let k = this.int(5); k > 0; k--) {
      let at = this.int(text.length + 1);
      const code = text.charCodeAt(at - 1);
      if (code >= 0xd800 && code <= 0xdbff) at--;
      cuts.add(at);
    }
    const sorted = [...cuts].sort((a, b) => a - b);
    const out: string[] = [];
    let from = 0;
    for (const at of sorted) {
      out.push(text.slice(from, at));
      from = at;
    }
    out.push(text.slice(from));
    return out;
  }
}

/** Whether tokens are non-empty strings without whitespace. */
function tokensOk(tokens: readonly string[]): boolean {
  return tokens.every((t) => typeof t === "string" && t !== "" && !/\s/.test(t));
}

/** Whether tokens of a plain-text file are non-empty strings without ASCII whitespace (plain
 * text splits on ASCII whitespace only, as compute_gleu and ieval.py do). */
function asciiTokensOk(tokens: readonly string[]): boolean {
  return tokens.every((t) => typeof t === "string" && t !== "" && !/[\t\n\v\f\r ]/.test(t));
}

/** A problem with a result: what is malformed, or undefined. */
function checkGold(gold: GoldCorpus): string | undefined {
  if (!Array.isArray(gold.sentences) || gold.sentences.length === 0) return "no sentences";
  for (const s of gold.sentences) {
    if (!tokensOk(s.source)) {
      return `bad token in ${JSON.stringify(s.source)}`;
    }
    const n = s.source.length;
    for (const a of s.annotations ?? []) {
      if (typeof a.annotator !== "string" || a.annotator === "") return "bad annotator";
      for (const e of a.edits) {
        if (!(Number.isInteger(e.start) && e.start >= 0 && e.start <= e.end && e.end <= n)) {
          return `edit ${e.start} ${e.end} outside ${n} tokens`;
        }
        if (!e.corrections.every((c) => Array.isArray(c))) return "bad corrections";
      }
    }
    for (const error of s.errors ?? []) {
      for (const alt of error.alternatives) {
        for (const c of alt.corrections) {
          if (!(c.start >= 0 && c.start <= c.end && c.end <= n)) {
            return `correction ${c.start} ${c.end} outside ${n} tokens`;
          }
        }
      }
    }
  }
  return undefined;
}

function finite(values: Iterable<number>): string | undefined {
  for (const v of values) if (!Number.isFinite(v)) return `non-finite score ${v}`;
  return undefined;
}

type Reader = (input: string, fuzz: Fuzzer) => Promise<string | undefined>;

/** The readers under test, each with the file name its errors must start with. */
const READERS: Record<string, { file: string; valid: string[]; read: Reader }> = {
  m2: {
    file: "fuzz.m2",
    valid: [M2],
    read: async (input, fuzz) => checkGold(await parseM2(fuzz.chunks(input), "fuzz.m2")),
  },
  ixml: {
    file: "fuzz.xml",
    valid: [XML],
    read: async (input, fuzz) => checkGold(await parseIxml(fuzz.chunks(input), "fuzz.xml")),
  },
  hypm2: {
    file: "fuzz.hyp.m2",
    valid: [HYP_M2],
    read: async (input, fuzz) => {
      const { sentences } = await parseHypothesisM2(fuzz.chunks(input), "fuzz.hyp.m2");
      const bad = sentences.find((s) => !tokensOk(s));
      return bad && `bad token in ${JSON.stringify(bad)}`;
    },
  },
  text: {
    file: "fuzz.txt",
    valid: [SYSTEM],
    read: async (input, fuzz) => {
      const { sentences } = await textFormat.parse(fuzz.chunks(input), "fuzz.txt");
      const bad = sentences.find((s) => !asciiTokensOk(s.source));
      return bad && `bad token in ${JSON.stringify(bad.source)}`;
    },
  },
  wmt: {
    file: "fuzz.scores",
    valid: [WMT_SYSTEM, WMT_SENTENCE],
    // "nan" and "inf" are scores, as Python's float() reads them: only the shape is checked.
    read: (input) => {
      const file = parseWmtScores(input, "fuzz.scores");
      const sets = [...file.system, ...file.sentence];
      return Promise.resolve(sets.length ? undefined : "no score sets");
    },
  },
  judgments: {
    file: "fuzz.csv",
    valid: [CSV],
    read: (input) => {
      const { pairs } = parsePairwiseJudgments(input, "fuzz.csv");
      return Promise.resolve(
        pairs.every((p) => Number.isInteger(p.rank1) && Number.isInteger(p.rank2))
          ? finite(expectedWins(pairs).values())
          : "rank not a whole number",
      );
    },
  },
  appraise: {
    file: "fuzz.appraise.xml",
    valid: [APPRAISE],
    read: (input) => {
      const items = parseAppraise(input, "fuzz.appraise.xml");
      return Promise.resolve(finite(expectedWins(appraisePairs(items)).values()));
    },
  },
};

/** What is wrong with an error thrown by a reader of `file`, or undefined when it is fine. */
function checkError(error: unknown, file: string): string | undefined {
  if (!(error instanceof InputError)) {
    const name = error instanceof Error ? error.name : typeof error;
    const message = error instanceof Error ? error.message : String(error);
    return `threw ${name}, not InputError: ${message.slice(0, 300)}`;
  }
  if (/[\n\r]/.test(error.message)) return `message on several lines: ${error.message}`;
  if (!error.message.startsWith(file)) return `message does not name ${file}: ${error.message}`;
  return undefined;
}

function show(text: string): string {
  return JSON.stringify(text.length > 2000 ? text.slice(0, 2000) + "..." : text);
}

/** Per reader or command: how many cases gave a result (exit 0) and how many an error. */
type Tally = Record<string, { valid: number; errors: number }>;

async function runCases(
  seed: number,
  cases: number,
): Promise<{ failures: string[]; tally: Tally }> {
  const fuzz = new Fuzzer(seed);
  const failures: string[] = [];
  const tally: Tally = {};
  const count = (name: string, valid: boolean) => {
    tally[name] ??= { valid: 0, errors: 0 };
    tally[name][valid ? "valid" : "errors"]++;
  };
  const dir = await Deno.makeTempDir({ prefix: "gecscore_fuzz_" });
  try {
    // 1. Strings at every reader: garbage, and mutations of a valid input.
    for (let i = 0; i < cases; i++) {
      for (const [id, reader] of Object.entries(READERS)) {
        const input = fuzz.int(4) === 0 ? fuzz.garbage(200) : fuzz.mutate(fuzz.pick(reader.valid));
        const what = `${id} #${i}: ${show(input)}`;
        self.postMessage({ start: what });
        try {
          const problem = await reader.read(input, fuzz);
          count(id, true);
          if (problem) failures.push(`${what}: ${problem}`);
        } catch (error) {
          count(id, false);
          const problem = checkError(error, reader.file);
          if (problem) failures.push(`${what}: ${problem}`);
        }
      }
    }
    // 2. Random bytes (sometimes gzip's magic first) through the file readers.
    for (let i = 0; i < Math.ceil(cases / 10); i++) {
      const bytes = fuzz.bytes(300);
      if (fuzz.int(3) === 0 && bytes.length >= 2) bytes.set([0x1f, 0x8b]);
      const path = `${dir}/bytes${i}`;
      await Deno.writeFile(path, bytes);
      const what = `bytes #${i}: ${JSON.stringify([...bytes.slice(0, 60)])}`;
      for (
        const [name, read] of [
          ["readGold", () => readGold(path).then(checkGold)],
          ["readHypotheses", () => readHypotheses(path, 3).then(() => undefined)],
          ["readTextFile", () => readTextFile(path).then(() => undefined)],
        ] as const
      ) {
        self.postMessage({ start: `${name} ${what}` });
        try {
          const problem = await read();
          if (problem) failures.push(`${name} ${what}: ${problem}`);
        } catch (error) {
          const problem = checkError(error, path);
          if (problem) failures.push(`${name} ${what}: ${problem}`);
        }
      }
    }
    // 3. The command line on mutated corpora: score, the m2scorer drop-in, convert.
    for (let i = 0; i < Math.ceil(cases / 8); i++) {
      const gold = `${dir}/gold${i}.m2`;
      const hyp = `${dir}/hyp${i}`;
      // Mutate the gold, the system output, or both.
      const which = fuzz.int(3);
      const goldText = which === 1 ? M2 : fuzz.mutate(M2);
      const hypText = which === 0 ? SYSTEM : fuzz.mutate(SYSTEM);
      await Deno.writeTextFile(gold, goldText);
      await Deno.writeTextFile(hyp, hypText);
      const hypM2 = `${dir}/hyp${i}.m2`;
      const hypM2Text = which === 0 ? HYP_M2 : fuzz.mutate(HYP_M2);
      await Deno.writeTextFile(hypM2, hypM2Text);
      const xml = `${dir}/gold${i}.xml`;
      const xmlHyp = `${dir}/hyp${i}.xml.txt`;
      const xmlSystem = "a cat sat on the mat .\nIt is very good .\n";
      const xmlText = which === 1 ? XML : fuzz.mutate(XML);
      const xmlHypText = which === 0 ? xmlSystem : fuzz.mutate(xmlSystem);
      await Deno.writeTextFile(xml, xmlText);
      await Deno.writeTextFile(xmlHyp, xmlHypText);
      const human = `${dir}/human${i}.txt`;
      const scores = `${dir}/scores${i}.txt`;
      const humanText = WMT_SYSTEM.replaceAll("m2", "ew");
      const mutateHuman = fuzz.int(2) === 0;
      await Deno.writeTextFile(human, mutateHuman ? fuzz.mutate(humanText) : humanText);
      await Deno.writeTextFile(scores, mutateHuman ? WMT_SYSTEM : fuzz.mutate(WMT_SYSTEM));
      const commands = {
        "score m2": ["score", "--gold", gold, hyp, "--format", "json", "--sentences"],
        "score jsonl": ["score", "--gold", gold, hyp, "--format", "jsonl", "--sentences"],
        "score hyp-m2": ["score", "--gold", gold, "--hyp-m2", hypM2, "--format", "json"],
        m2scorer: ["m2scorer", "-v", hyp, gold],
        convert: ["convert", gold, `${dir}/out${i}.xml`],
        "score xml": ["score", "--gold", xml, xmlHyp, "--format", "json"],
        meta: ["meta", "--human", human, "--scores", scores],
      };
      for (const [label, args] of Object.entries(commands)) {
        const files = label === "score xml"
          ? [xmlText, xmlHypText]
          : label === "score hyp-m2"
          ? [goldText, hypM2Text]
          : label === "meta"
          ? [await Deno.readTextFile(human), await Deno.readTextFile(scores)]
          : [goldText, hypText];
        const what = `gecscore ${label} #${i} (${files.map(show).join(", ")})`;
        self.postMessage({ start: what });
        let out = "", err = "";
        const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
        count(`gecscore ${label}`, code === 0);
        if (code === 0) {
          if (args[0] === "score") {
            try {
              if (label === "score jsonl") out.trimEnd().split("\n").forEach((l) => JSON.parse(l));
              else JSON.parse(out);
            } catch {
              failures.push(`${what}: exit 0 but not JSON: ${show(out)}`);
            }
          }
          if (args[0] === "convert") {
            try {
              const back = await readGold(`${dir}/out${i}.xml`);
              const problem = checkGold(back);
              if (problem) failures.push(`${what}: converted file: ${problem}`);
            } catch (error) {
              failures.push(`${what}: converted file does not read back: ${error}`);
            }
          }
        } else if (
          (code !== 1 && code !== 2) || !/^(gecscore|m2scorer): [^\n]*\n$/.test(err) ||
          /internal error/.test(err)
        ) {
          failures.push(`${what}: exit ${code}, stderr ${show(err)}`);
        }
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  return { failures, tally };
}

self.onmessage = async (event: MessageEvent<{ seed: number; cases: number }>) => {
  self.postMessage({ done: await runCases(event.data.seed, event.data.cases) });
};
