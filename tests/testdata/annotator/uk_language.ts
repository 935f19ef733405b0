/**
 * A test language for the annotator hook: Ukrainian types in UA-GEC's taxonomy for a few
 * of ERRANT's (a case change of a noun is `G/Case`, punctuation is `Punctuation`), and a
 * word list of a few words.
 *
 * @module
 */

import type { AnnotatorLanguage } from "../../../annotator/mod.ts";

/** The test language. */
export const ukrainian: AnnotatorLanguage = {
  code: "uk",
  load: () => ({
    isWord: (word) => ["я", "живу", "в", "у", "києві", "він", "написав", "лист", "листа"].includes(word.toLowerCase()),
    classify: (_edit, type) =>
      type === "R:NOUN:NUM" ? "G/Case" : type.endsWith(":PUNCT") ? "Punctuation" : type,
  }),
};
