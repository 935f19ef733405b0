/**
 * Everything the `cherrant` metric and the Chinese formats annotate with, loaded together
 * once: the resources, the t2s converter and the character-level annotator (every cheapest
 * alignment, as `parallel_to_m2.py -g char`).
 *
 * @example
 * ```ts
 * import { loadTools } from "./tools.ts";
 * import assert from "node:assert/strict";
 *
 * const tools = await loadTools();
 * const edits = tools.targetEdits(["我", "去"], tools.clean("我们去"), 0);
 * assert.deepEqual(edits, [{ start: 1, end: 1, cat: "M", cor: "们", coder: 0 }]);
 * ```
 *
 * @module
 */

import { createEditSets } from "./annotate.ts";
import { loadResources } from "./resources.ts";
import { setTools, type Tools } from "./state.ts";
import { loadT2s } from "./t2s.ts";
import { pySplit } from "./text.ts";
import { charTokenizer, tokenPinyin } from "./tokenize.ts";
import type { ZhToken } from "./token.ts";

export type { Tools } from "./state.ts";

let loading: Promise<Tools> | undefined;

/**
 * The tools, loaded on the first call.
 *
 * @returns The tools.
 */
export function loadTools(): Promise<Tools> {
  loading ??= (async () => {
    const [resources, t2s] = await Promise.all([loadResources(), loadT2s()]);
    const tokenize = charTokenizer(resources, {});
    const editSets = createEditSets(resources, "char");
    const token = (text: string): ZhToken => ({
      text,
      pos: "unk",
      pinyin: tokenPinyin(resources, text),
    });
    const tools: Tools = {
      resources,
      clean: (target) => t2s(pySplit(target).join("")),
      tokens: tokenize,
      targetEdits(source, target, coder) {
        const srcText = source.join("");
        if (target === "没有错误" || target === srcText) {
          return [{ start: -1, end: -1, cat: "noop", cor: "-NONE-", coder }];
        }
        if (target === "无法标注") return [{ start: -1, end: -1, cat: "NA", cor: "-NONE-", coder }];
        const sets = editSets(source.map(token), tokenize(target));
        return sets.flatMap((edits) =>
          edits.map((e) => ({
            start: e.start,
            end: e.end,
            cat: e.type,
            cor: e.correction.replaceAll(" ", ""),
            coder,
          }))
        );
      },
    };
    setTools(tools);
    return tools;
  })();
  return loading;
}
