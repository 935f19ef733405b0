/**
 * wink-pos-tagger's tagging of raw tokens (`tagRawTokens`), run on its own lexicon, unigram
 * tagger, context rules and lemmatizer, with the rules compiled once: a rule's test that asks
 * for one of a few exact strings compares small integer ids, and what a token's text decides
 * alone (its normal form, its kind, its possible tags) is worked out once per distinct token.
 * The tags and lemmas are those of `tagRawTokens` (`tests/annotator_wink_tagger_test.ts`
 * compares the two on CoNLL-2014 and on random token sequences).
 *
 * The context rules run in wink's order: four rule sets (value rules looking left, tag rules
 * looking left, value rules looking right, tag rules looking right), each over the tokens left
 * to right; a token's rules are those of its current tag, tried in order until one changes a
 * tag to one of the token's possible tags.
 *
 * @module
 */

import { importNpm } from "../util/npm.ts";

/** One context rule's test as wink writes it. */
interface WinkTest {
  op: number;
  operand: { property: string; delta?: number; range?: [number, number] };
  matches: RegExp;
}

/** One context rule as wink writes it. */
interface WinkContextRule {
  rules: WinkTest[];
  thenPosAt: number;
  willBe: string;
}

/** A rule set: the rules of each tag. */
export type WinkRuleSet = Record<string, WinkContextRule[]>;

/** wink's parts this tagger runs on. */
export interface WinkParts {
  /** The four rule sets in wink's order of application. */
  readonly ruleSets: readonly WinkRuleSet[];
  /** wink's unigram tagger: a token's possible tags, the first one set as its tag. */
  readonly unigram: (
    token: { value: string; tag: string; normal: string; pos?: string },
    lexicon: unknown,
  ) => string[];
  /** The lexicon the unigram tagger reads. */
  readonly lexicon: unknown;
  /** wink-lemmatizer. */
  readonly lemmatizer: {
    lemmatizeNoun(w: string): string;
    lemmatizeVerb(w: string): string;
    lemmatizeAdjective(w: string): string;
  };
}

/** Tags and lemmas of a sentence (a lemma only where wink gives one). */
export interface WinkTagging {
  readonly pos: string[];
  readonly lemma: (string | undefined)[];
}

const NORMAL = 0, VALUE = 1, POS = 2;

interface CompiledTest {
  readonly property: number;
  readonly from: number;
  readonly to: number;
  /** Membership by string id, for a test of exact strings. */
  readonly members: Uint8Array | undefined;
  /** The regular expression, for any other test. */
  readonly matches: RegExp;
}

interface CompiledRule {
  readonly tests: readonly CompiledTest[];
  readonly at: number;
  readonly willBe: string;
  readonly willBeId: number;
}

/** What a token's text decides alone. */
interface TokenInfo {
  readonly normal: string;
  readonly normalId: number;
  readonly valueId: number;
  readonly poses: readonly string[];
  /** An id of the set of possible tags. */
  readonly posesId: number;
  readonly pos: string;
  readonly posId: number;
}

/** A regular expression of exact strings only: `^abc$|^de$$`. */
const EXACT = /^\^[A-Za-z']+\$+(\|\^[A-Za-z']+\$+)*$/;

/** wink's number and punctuation tokens (the first alternative of NUMBER is anchored alone). */
const NUMBER = /^\d+\/\d+|\d(?:[.,\-/]?\d)*(?:\.\d+)?$/;
const PUNCTUATION = /^[’'‘`“”"[\](){}…,.!;?\-:]+$/;
const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^ -~]/;

/** wink's lemma exceptions (contractions and clitics), looked up before the lemmatizer. */
const LEMMA_EXCEPTIONS = new Map([
  ["ai", "be"],
  ["ca", "can"],
  ["sha", "shall"],
  ["'ll", "will"],
  ["wo", "will"],
  ["'ve", "have"],
  ["'m", "am"],
  ["'re", "be"],
  ["n't", "not"],
  ["'d", "would"],
]);

/** Decades wink tags `CD`. */
const DECADES = new Set(
  ["1990s", "1980s", "1970s", "1960s", "1950s", "1940s", "1930s", "1910s"].flatMap((
    d,
  ) => [d, `mid-${d}`]).concat(["mid-1920s"]),
);

/** Caches stop growing past this many entries (they are cleared and start again). */
const CACHE_LIMIT = 50_000;

/**
 * wink's `helpers.string.normalize`: lower case, canonical decomposition, combining marks
 * removed.
 */
function normalize(value: string): string {
  const lower = value.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFD").replace(DIACRITICS, "") : lower;
}

/**
 * Builds the tagger from wink's parts.
 *
 * @param parts wink's rule sets, unigram tagger, lexicon and lemmatizer.
 * @returns A function tagging raw tokens as wink-pos-tagger's `tagRawTokens` does.
 */
export function createWinkTagger(parts: WinkParts): (tokens: readonly string[]) => WinkTagging {
  const ids = new Map<string, number>();
  const idOf = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, id = ids.size);
    return id;
  };
  // First pass: every exact string a rule names gets an id.
  const exact = (re: RegExp) =>
    re.flags === "" && EXACT.test(re.source)
      ? re.source.split("|").map((alt) => alt.replace(/^\^/, "").replace(/\$+$/, ""))
      : undefined;
  for (const set of parts.ruleSets) {
    for (const [tag, rules] of Object.entries(set)) {
      idOf(tag);
      for (const rule of rules) {
        idOf(rule.willBe);
        for (const test of rule.rules) exact(test.matches)?.forEach(idOf);
      }
    }
  }
  const literals = ids.size;
  const compileTest = (test: WinkTest): CompiledTest => {
    const property = test.operand.property === "normal"
      ? NORMAL
      : test.operand.property === "value"
      ? VALUE
      : test.operand.property === "pos"
      ? POS
      : -1;
    if (property < 0 || (test.op !== 0 && test.op !== 1)) {
      throw new Error(`Unknown wink context rule test: ${JSON.stringify(test.operand)}`);
    }
    const [from, to] = test.op === 0
      ? [test.operand.delta!, test.operand.delta!]
      : test.operand.range!;
    const strings = exact(test.matches);
    let members: Uint8Array | undefined;
    if (strings) {
      members = new Uint8Array(literals);
      for (const s of strings) members[ids.get(s)!] = 1;
    }
    return { property, from, to, members, matches: test.matches };
  };
  const ruleSets = parts.ruleSets.map((set) => {
    const byTag: (CompiledRule[] | undefined)[] = new Array(literals).fill(undefined);
    for (const [tag, rules] of Object.entries(set)) {
      byTag[ids.get(tag)!] = rules.map((rule) => ({
        tests: rule.rules.map(compileTest),
        at: rule.thenPosAt,
        willBe: rule.willBe,
        willBeId: ids.get(rule.willBe)!,
      }));
    }
    return byTag;
  });
  const literalId = (s: string) => {
    const id = ids.get(s);
    return id !== undefined && id < literals ? id : -1;
  };

  const infos = new Map<string, TokenInfo>();
  const posesIds = new Map<string, number>();
  const info = (value: string): TokenInfo => {
    let known = infos.get(value);
    if (known) return known;
    const kind = NUMBER.test(value) ? "number" : PUNCTUATION.test(value) ? "punctuation" : "word";
    const normal = normalize(value);
    const token: { value: string; tag: string; normal: string; pos?: string } = {
      value,
      tag: kind,
      normal,
    };
    const poses = parts.unigram(token, parts.lexicon);
    const posesKey = poses.join(" ");
    let posesId = posesIds.get(posesKey);
    if (posesId === undefined) posesIds.set(posesKey, posesId = posesIds.size);
    known = {
      normal,
      normalId: literalId(normal),
      valueId: literalId(value),
      poses,
      posesId,
      pos: token.pos!,
      posId: literalId(token.pos!),
    };
    if (infos.size >= CACHE_LIMIT) infos.clear();
    infos.set(value, known);
    return known;
  };

  const { lemmatizeNoun, lemmatizeVerb, lemmatizeAdjective } = parts.lemmatizer;
  const cached = (f: (w: string) => string) => {
    const cache = new Map<string, string>();
    return (w: string) => {
      let lemma = cache.get(w);
      if (lemma === undefined) {
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(w, lemma = f(w));
      }
      return lemma;
    };
  };
  const noun = cached(lemmatizeNoun), verb = cached(lemmatizeVerb);
  const adjective = cached(lemmatizeAdjective);

  /** The rules that can apply, by set of possible tags, rule set and tag. */
  const candidates = new Map<number, CompiledRule[]>();
  let normalIds = new Int32Array(64), valueIds = new Int32Array(64), posIds = new Int32Array(64);
  return (tokens) => {
    const n = tokens.length;
    if (posIds.length < n) {
      normalIds = new Int32Array(n * 2);
      valueIds = new Int32Array(n * 2);
      posIds = new Int32Array(n * 2);
    }
    const tokenInfos: TokenInfo[] = new Array(n);
    const pos: string[] = new Array(n);
    let ambiguous = false;
    for (let i = 0; i < n; i++) {
      const t = tokenInfos[i] = info(tokens[i]);
      pos[i] = t.pos;
      posIds[i] = t.posId;
      normalIds[i] = t.normalId;
      valueIds[i] = t.valueId;
      if (t.poses.length > 1) ambiguous = true;
    }
    const strings = (property: number, at: number) =>
      property === NORMAL ? tokenInfos[at].normal : property === VALUE ? tokens[at] : pos[at];
    const passes = (test: CompiledTest, cti: number) => {
      const idsOf = test.property === NORMAL
        ? normalIds
        : test.property === VALUE
        ? valueIds
        : posIds;
      const members = test.members;
      for (let d = test.from; d <= test.to; d++) {
        const at = cti + d;
        if (at < 0 || at >= n) continue;
        if (members) {
          const id = idsOf[at];
          if (id >= 0 && members[id] === 1) return true;
        } else if (test.matches.test(strings(test.property, at))) return true;
      }
      return false;
    };
    // A rule only ever sets a token's tag to one of its possible tags, the first of which it
    // starts with: a token with one possible tag keeps it, and a rule whose new tag is not
    // possible is passed over before its tests (they have no side effects). The rules left for
    // a tag and a set of possible tags are listed once.
    for (let set = 0; ambiguous && set < ruleSets.length; set++) {
      const byTag = ruleSets[set];
      for (let i = 0; i < n; i++) {
        const t = tokenInfos[i];
        if (t.poses.length <= 1) continue;
        const tag = posIds[i];
        if (tag < 0 || !byTag[tag]) continue;
        const key = (t.posesId * ruleSets.length + set) * literals + tag;
        let rules = candidates.get(key);
        if (!rules) {
          rules = byTag[tag]!.filter((rule) => t.poses.includes(rule.willBe));
          candidates.set(key, rules);
        }
        for (let r = 0; r < rules.length; r++) {
          const rule = rules[r];
          let change = true;
          for (let k = 0; k < rule.tests.length && change; k++) change = passes(rule.tests[k], i);
          if (change) {
            pos[i + rule.at] = rule.willBe;
            posIds[i + rule.at] = rule.willBeId;
            break;
          }
        }
      }
    }
    // wink's lemmatize(): decades are numbers; capitalised adjectives and nouns proper nouns.
    const lemma = new Array<string | undefined>(n).fill(undefined);
    for (let i = 0; i < n; i++) {
      const w = tokenInfos[i].normal;
      const v0 = tokens[i][0];
      if (DECADES.has(w)) pos[i] = "CD";
      const exception = LEMMA_EXCEPTIONS.get(w);
      if (exception) {
        lemma[i] = exception;
        continue;
      }
      const p = pos[i];
      const capital = v0 >= "A" && v0 <= "Z";
      switch (p[0]) {
        case "J":
          if (capital) {
            lemma[i] = w;
            pos[i] = "NNP";
          } else lemma[i] = p.length > 2 ? adjective(w) : w;
          break;
        case "V":
          lemma[i] = p.length > 2 ? (w === "'s" ? "be" : verb(w)) : w;
          break;
        case "N":
          if (capital) {
            lemma[i] = w;
            pos[i] = "NNP";
          } else lemma[i] = p !== "NNP" && p.length > 2 ? noun(w) : w;
          break;
        case "M":
          lemma[i] = verb(w);
          break;
      }
    }
    return { pos, lemma };
  };
}

/** A CommonJS module of wink's, as Deno's Node layer hands it over. */
// deno-lint-ignore no-explicit-any
type WinkModule = any;

/**
 * Imports wink's parts: its lexicon, unigram tagger and context rules (from wink-pos-tagger and
 * wink-lexicon) and wink-lemmatizer.
 *
 * @returns The parts {@linkcode createWinkTagger} runs on.
 */
export async function loadWinkParts(): Promise<WinkParts> {
  const [lex, unigram, lemmatizer, ...ruleSets] = await Promise.all([
    importNpm<WinkModule>("npm:wink-lexicon@2.2.0/src/lexicon.js"),
    importNpm<WinkModule>("npm:wink-pos-tagger@2.2.2/src/unigram-tagger.js"),
    importNpm<WinkModule>("npm:wink-lemmatizer@3.0.4"),
    // wink's order of application.
    importNpm<WinkModule>("npm:wink-pos-tagger@2.2.2/src/rules/value-rules-le0.js"),
    importNpm<WinkModule>("npm:wink-pos-tagger@2.2.2/src/rules/pos-rules-le0.js"),
    importNpm<WinkModule>("npm:wink-pos-tagger@2.2.2/src/rules/value-rules-ge0.js"),
    importNpm<WinkModule>("npm:wink-pos-tagger@2.2.2/src/rules/pos-rules-ge0.js"),
  ]);
  return {
    ruleSets: ruleSets.map((m) => m.default ?? m),
    unigram: unigram.default ?? unigram,
    lexicon: lex.default ?? lex,
    lemmatizer: lemmatizer.default ?? lemmatizer,
  };
}
