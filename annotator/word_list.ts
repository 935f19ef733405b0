/**
 * The classifier's word list, loaded as it is asked: nspell checks words against a Hunspell
 * dictionary by first expanding every stem of the `.dic` file with its affixes (120,000 forms
 * for British English, most of the annotator's start-up). Here nspell gets only the stems that
 * can make the words asked about, and the answers are nspell's own.
 *
 * A form is a stem with at most one prefix and one suffix, where a prefix removes nothing from
 * the stem and a suffix removes at most one character from its end (checked on the affix file;
 * with any other rule the whole dictionary is read at once). So every form of a stem of more
 * than {@linkcode KEY} characters begins, once a prefix is taken off, with the stem's first
 * {@linkcode KEY} characters; the stems are grouped by those, and a word brings in the groups
 * of its beginning with and without each prefix, for each spelling nspell tries (as written;
 * capitalised when written in capitals; lower case). Shorter stems, and the stems with compound
 * flags (nspell builds its compound rules from them once), are read at the start.
 * `tests/annotator_word_list_test.ts` compares the answers with a fully loaded nspell on every
 * form of the dictionary.
 *
 * @module
 */

/** nspell, as far as this module uses it. */
export interface NSpellLike {
  correct(word: string): boolean;
  dictionary(dic: string): unknown;
  compoundRules: unknown[];
  compoundRuleCodes: Record<string, unknown>;
  conversion: { in: [RegExp, string][] };
  rules: Record<string, AffixRule>;
}

/** An affix rule as nspell parses it. */
interface AffixRule {
  type: string;
  entries: { add: string; remove: string | RegExp; continuation: unknown[] }[];
}

/** Stems are grouped by this many first characters. */
export const KEY = 4;

/** The stems of a dictionary, grouped for {@linkcode createLazySpeller}. */
export interface DictionaryIndex {
  /** The lines read at the start. */
  readonly first: string[];
  /** The other lines by the first {@linkcode KEY} characters of their stem. */
  readonly groups: Map<string, string[]>;
}

/** The stem of a `.dic` line, as nspell reads it (before `/`, trimmed), or undefined when the line is unusual. */
function stemOf(line: string): string | undefined {
  if (line.includes("\\") || line.includes("#")) return undefined;
  const slash = line.indexOf("/");
  return (slash < 0 ? line : line.slice(0, slash)).trim();
}

/**
 * Groups the lines of a `.dic` file (its first line, the count, is skipped as nspell does) for a
 * speller built from `speller`'s affix file.
 *
 * @param dic The `.dic` text.
 * @param compoundFlags Flags that take part in compound rules (their stems are read at once).
 * @returns The lines to read at once and the others grouped by stem beginning.
 */
export function indexDictionary(dic: string, compoundFlags: ReadonlySet<string>): DictionaryIndex {
  const first: string[] = [];
  const groups = new Map<string, string[]>();
  let start = dic.indexOf("\n") + 1;
  while (start > 0 && start <= dic.length) {
    let end = dic.indexOf("\n", start);
    if (end < 0) end = dic.length;
    const line = dic.slice(start, end);
    start = end + 1;
    // nspell skips lines that begin with a tab.
    if (line.charCodeAt(0) === 9) continue;
    const stem = stemOf(line);
    const slash = line.indexOf("/");
    let compound = false;
    if (slash >= 0) {
      for (let k = slash + 1; k < line.length; k++) {
        if (compoundFlags.has(line[k])) compound = true;
      }
    }
    if (stem === undefined || stem.length <= KEY || compound) {
      first.push(line);
      continue;
    }
    const key = stem.slice(0, KEY);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return { first, groups };
}

/**
 * Whether the affix rules keep a stem's beginning as {@linkcode createLazySpeller} needs:
 * prefixes remove nothing, suffixes at most one character, no rule continues with another.
 */
function affixesKeepStems(rules: Record<string, AffixRule>): boolean {
  for (const rule of Object.values(rules)) {
    for (const entry of rule.entries) {
      if (entry.continuation.length > 0) return false;
      if (rule.type === "PFX" && entry.remove !== "") return false;
      if (
        rule.type === "SFX" && entry.remove !== "" &&
        !(entry.remove instanceof RegExp && /^[^\\[\](){}.*+?|^$]\$$/.test(entry.remove.source))
      ) return false;
    }
  }
  return true;
}

/**
 * A speller that reads the dictionary's stems as words are asked about.
 *
 * @param speller nspell built from the affix file alone (no dictionary yet).
 * @param dic The `.dic` text.
 * @param index The grouped stems (default: computed from `dic`).
 * @returns `correct(word)`, nspell's answer.
 */
export function createLazySpeller(
  speller: NSpellLike,
  dic: string,
  index?: DictionaryIndex,
): (word: string) => boolean {
  if (!affixesKeepStems(speller.rules)) {
    speller.dictionary(dic);
    return (word) => speller.correct(word);
  }
  const { first, groups } = index ??
    indexDictionary(dic, new Set(Object.keys(speller.compoundRuleCodes)));
  // nspell compiles its compound rules after each dictionary it reads, and a second time would
  // break them: they are compiled once, with the stems that have compound flags.
  speller.dictionary("\n" + first.join("\n"));
  const compoundRules = speller.compoundRules;
  const prefixes = new Set<string>();
  for (const rule of Object.values(speller.rules)) {
    if (rule.type === "PFX") { for (const entry of rule.entries) prefixes.add(entry.add); }
  }
  const loaded = new Set<string>();
  const pending: string[] = [];
  const want = (key: string) => {
    if (key.length < KEY || loaded.has(key)) return;
    loaded.add(key);
    const group = groups.get(key);
    if (group) pending.push(...group);
  };
  const wantSpelling = (x: string) => {
    want(x.slice(0, KEY));
    for (const prefix of prefixes) {
      if (prefix !== "" && x.startsWith(prefix)) want(x.slice(prefix.length, prefix.length + KEY));
    }
  };
  return (word) => {
    // The spellings nspell's form() tries, after its input conversion.
    let normal = word.trim();
    for (const [pattern, replacement] of speller.conversion.in) {
      normal = normal.replace(pattern, replacement);
    }
    wantSpelling(normal);
    if (normal.toUpperCase() === normal) {
      wantSpelling(normal.charAt(0) + normal.slice(1).toLowerCase());
    }
    wantSpelling(normal.toLowerCase());
    if (pending.length > 0) {
      speller.compoundRules = [];
      speller.dictionary("\n" + pending.join("\n"));
      speller.compoundRules = compoundRules;
      pending.length = 0;
    }
    return speller.correct(word);
  };
}
