/**
 * The raw Appraise XML of Grundkiewicz et al. (2015): ranking items in which annotators ranked
 * up to five outputs of one sentence, one `<translation rank="R" system="A B C"/>` element
 * standing for every system that produced that same output.
 *
 * @module
 */

import { importNpm, type SaxesModule } from "../util/npm.ts";
import { InputError } from "../plugins/errors.ts";
import type { PairwiseJudgment } from "./judgments.ts";

// Loaded when this module is (the meta command), never by a run that reads no Appraise XML.
const { SaxesParser } = await importNpm<SaxesModule>("npm:saxes@6.0.0");

/** One displayed output of a ranking item. */
export interface RankedOutput {
  /** The rank the annotator gave it (lower is better). */
  rank: number;
  /** The systems that produced this output. */
  systems: string[];
}

/** One ranking item: one annotator ranking the outputs of one sentence. */
export interface RankingItem {
  /** The item's `id` attribute. */
  id: string;
  /** The sentence (`src-id`: the 0-based line of the test set). */
  srcId: string;
  /** The annotator (`user`). */
  user: string;
  /** The displayed outputs, in file order. */
  outputs: RankedOutput[];
  /** 1-based line of the item in the file. */
  line: number;
}

/**
 * Parse an Appraise ranking XML: every `<ranking-item>` with its `<translation>` elements,
 * wherever the items sit. Malformed XML, a `<translation>` outside an item, or a missing or
 * non-numeric `rank` is an `InputError` naming `FILE:LINE`.
 *
 * @example Usage
 * ```ts
 * import { parseAppraise } from "./appraise.ts";
 * import assert from "node:assert/strict";
 *
 * const xml = `<appraise-results>
 * <ranking-item id="0" src-id="135" user="a1">
 *   <translation rank="3" system="CAMB"/>
 *   <translation rank="1" system="INPUT IPN"/>
 * </ranking-item></appraise-results>`;
 * const [item] = parseAppraise(xml, "j.xml");
 * assert.deepEqual(item.outputs, [{ rank: 3, systems: ["CAMB"] }, { rank: 1, systems: ["INPUT", "IPN"] }]);
 * assert.throws(() => parseAppraise("<a><translation/></a>", "j.xml"), /^InputError: j\.xml:1: /);
 * ```
 *
 * @param text The XML text.
 * @param path The file name for messages.
 * @returns The ranking items, in file order.
 */
export function parseAppraise(text: string, path: string): RankingItem[] {
  const parser = new SaxesParser({ position: true });
  const items: RankingItem[] = [];
  let item: RankingItem | undefined;
  parser.on("error", (e) => {
    const message = e.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw new InputError(`malformed XML: ${message}`, path, parser.line);
  });
  parser.on("opentag", (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === "ranking-item") {
      item = {
        id: attributes.id ?? String(items.length),
        srcId: attributes["src-id"] ?? "",
        user: attributes.user ?? "",
        outputs: [],
        line: parser.line,
      };
      if (!item.srcId) throw new InputError('expected a "src-id" attribute', path, parser.line);
    } else if (tag.name === "translation") {
      if (!item) throw new InputError("<translation> outside a <ranking-item>", path, parser.line);
      const rank = attributes.rank ?? "";
      if (!/^\s*\d+\s*$/.test(rank) || !Number.isSafeInteger(Number(rank))) {
        throw new InputError(
          `expected a whole number in rank="...", found ${JSON.stringify(rank)}`,
          path,
          parser.line,
        );
      }
      const systems = (attributes.system ?? "").trim().split(/\s+/).filter(Boolean);
      if (!systems.length) throw new InputError('expected a "system" attribute', path, parser.line);
      item.outputs.push({ rank: Number(rank), systems });
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.name === "ranking-item" && item) {
      items.push(item);
      item = undefined;
    }
  });
  parser.write(text).close();
  return items;
}

/** How {@linkcode appraisePairs} builds pairs. */
export interface AppraisePairsOptions {
  /**
   * `true` (default): every system of a multi-system output is its own entry, and all pairs
   * of entries are taken, including pairs inside one output (human ties between identical
   * outputs): gecmetrics' `expanded.csv`, row for row. `false`: one entry per displayed
   * output, represented by its first-listed system (gecmetrics' `unexpanded.csv` has the same
   * pairs and human relations, but represents a multi-system output by another of its systems).
   */
  expand?: boolean;
}

/**
 * The pairwise comparisons of ranking items: for every item, all pairs of its entries sorted
 * by system name (system1 < system2), with `rankingId` = the item's 1-based position.
 *
 * @example A 3-output item, expanded and not
 * ```ts
 * import { appraisePairs } from "./appraise.ts";
 * import assert from "node:assert/strict";
 *
 * const items = [{ id: "0", srcId: "7", user: "a", line: 1, outputs: [
 *   { rank: 2, systems: ["C"] }, { rank: 1, systems: ["B", "A"] },
 * ] }];
 * const pairs = appraisePairs(items).map((p) => `${p.system1}${p.rank1}-${p.system2}${p.rank2}`);
 * assert.deepEqual(pairs, ["A1-B1", "A1-C2", "B1-C2"]);
 * assert.equal(appraisePairs(items, { expand: false }).length, 1);
 * ```
 *
 * @param items The ranking items.
 * @param options Whether to expand multi-system outputs.
 * @returns The comparisons, in item order.
 */
export function appraisePairs(
  items: readonly RankingItem[],
  options: AppraisePairsOptions = {},
): PairwiseJudgment[] {
  const expand = options.expand ?? true;
  const pairs: PairwiseJudgment[] = [];
  items.forEach((item, position) => {
    const entries: [string, number][] = [];
    for (const output of item.outputs) {
      if (expand) { for (const system of output.systems) entries.push([system, output.rank]); }
      else entries.push([output.systems[0], output.rank]);
    }
    entries.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        pairs.push({
          segment: item.srcId,
          judge: item.user,
          system1: entries[i][0],
          rank1: entries[i][1],
          system2: entries[j][0],
          rank2: entries[j][1],
          rankingId: String(position + 1),
        });
      }
    }
  });
  return pairs;
}
