/**
 * The I-measure gold format (Felice & Briscoe 2015): XML where each sentence lists its errors,
 * each error the mutually exclusive alternatives of the annotators, each alternative a set of
 * token replacements.
 *
 * ```xml
 * <scripts>
 *   <script id="1">
 *     <sentence id="1" numann="2">
 *       <text>This machines is designed for help people .</text>
 *       <error-list>
 *         <error id="1" req="yes" type="SVA">
 *           <alt ann="0"><c start="0" end="1">These</c><c start="2" end="3">are</c></alt>
 *           <alt ann="1"><c start="1" end="2">machine</c></alt>
 *         </error>
 *       </error-list>
 *     </sentence>
 *   </script>
 * </scripts>
 * ```
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type {
  Alternative,
  Annotation,
  Edit,
  ErrorGroup,
  Format,
  GoldCorpus,
  GoldSentence,
  ReadLimits,
  Tokens,
} from "../plugins/types.ts";
import { annotatorCount, errorGroups } from "./error_groups.ts";
import { MAX_XML_ATTRIBUTE_LENGTH, readLimits } from "./limits.ts";
import { sortAnnotators } from "./m2.ts";
import { tokenize } from "./text.ts";
import { importNpm, type SaxesModule } from "../util/npm.ts";

/** Which elements may appear inside which (`""` = the document itself). */
const CHILDREN: Record<string, readonly string[]> = {
  "": ["scripts"],
  scripts: ["script"],
  script: ["sentence"],
  sentence: ["text", "error-list"],
  "error-list": ["error"],
  error: ["alt"],
  alt: ["c"],
  text: [],
  c: [],
};

/** XML's whitespace (what may sit between elements). */
const XML_SPACE = /^[ \t\r\n]*$/;

function describe(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length > 40 ? t.slice(0, 37) + "..." : t);
}

function childList(parent: string): string {
  const names = CHILDREN[parent].map((n) => `<${n}>`);
  return names.length > 1
    ? names.slice(0, -1).join(", ") + " or " + names[names.length - 1]
    : names[0];
}

interface DraftSentence {
  line: number;
  column: number;
  numann: number;
  source?: Tokens;
  sawErrorList: boolean;
  errors: ErrorGroup[];
}

interface DraftError {
  line: number;
  column: number;
  group: ErrorGroup;
}

interface DraftCorrection {
  start: number;
  end: number;
}

/**
 * Parse I-measure XML, streaming (chunks are fed to the XML parser as they come). Gives each
 * sentence its `source` (the `<text>` split on whitespace, so indented text is fine, as in
 * `ieval.py`), `errors`, `numAnnotators` (`numann`), and `annotations` derived from the
 * alternatives: one per annotator id, with one edit per `<c>` (type and required flag of its
 * error), sorted by span. An annotator counted by `numann` but without any alternative made
 * no correction (a `noop` in M2 terms); when the file does not say which ids those are, the
 * lowest unused ids of the corpus are taken. A sentence with `numann="0"` gets the placeholder
 * annotation `{ annotator: "0", edits: [] }`, as an M2 sentence without `A` lines does.
 * `allAnnotators` is the sorted set of annotator ids of the corpus (with the placeholder `"0"`
 * when a sentence has none, as M2 gold has).
 *
 * Line ends are XML's (`\r\n` and a lone `\r` count as `\n`). Malformed XML, a byte order
 * mark after the start of the file, a DOCTYPE (DTDs and entity declarations are refused), an unknown or
 * misplaced element, text outside `<text>` and `<c>`, a missing or malformed attribute, or
 * offsets outside the sentence are each an {@linkcode InputError}
 * `FILE:LINE:COLUMN: what was expected`.
 *
 * @example Usage
 * ```ts
 * import { parseIxml } from "./ixml.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseIxml([
 *   '<scripts><script id="1"><sentence id="1" numann="2">',
 *   "<text>The cat sat at mat .</text><error-list>",
 *   '<error id="1" req="yes" type="Prep"><alt ann="0"><c start="3" end="4">on</c></alt>',
 *   '<alt ann="1"><c start="3" end="5">on the mat</c></alt></error>',
 *   "</error-list></sentence></script></scripts>",
 * ], "example.xml");
 * const [s] = gold.sentences;
 * assert.equal(s.numAnnotators, 2);
 * assert.deepEqual(s.errors?.[0].alternatives[1].corrections, [
 *   { start: 3, end: 5, tokens: ["on", "the", "mat"] },
 * ]);
 * assert.deepEqual(s.annotations?.map((a) => a.edits[0].corrections), [[["on"]], [["on", "the", "mat"]]]);
 * await assert.rejects(
 *   parseIxml(['<scripts><script><sentence numann="1">\n<txt/>'], "bad.xml"),
 *   /^InputError: bad\.xml:2:1: expected <text> or <error-list> inside <sentence>, found <txt>$/,
 * );
 * ```
 *
 * @param chunks The text, in chunks of any size.
 * @param file The file name for messages and the corpus' `path`.
 * @param limits Text length, annotators (and `numann`) and alternatives per error allowed
 *   (defaults for what is not given); past one is an {@linkcode InputError} at its tag.
 * @returns The gold corpus.
 */
export async function parseIxml(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  limits?: Partial<ReadLimits>,
): Promise<GoldCorpus> {
  const { maxLineLength, maxAnnotators, maxAlternatives } = readLimits(limits);
  const annotatorIds = new Set<string>();
  // Loaded on first use: commands that read no XML do not pay for the XML parser. npm:
  // written here so the library works when imported from outside this repository.
  let SaxesParser: SaxesModule["SaxesParser"];
  try {
    // deno-lint-ignore no-import-prefix
    ({ SaxesParser } = await importNpm<SaxesModule>("npm:saxes@6.0.0"));
  } catch (error) {
    throw new InputError(
      `the XML reader needs the npm package saxes@6.0.0, which cannot be loaded (${
        String((error as Error)?.message ?? error).split("\n")[0]
      }); fetch it once with "deno task setup"`,
      file,
    );
  }
  const parser = new SaxesParser({ position: true });
  const drafts: DraftSentence[] = [];
  const stack: string[] = [];
  // Start of the tag being handled, and where the text after the last markup begins.
  let tagLine = 1;
  let tagColumn = 1;
  let afterLine = 1;
  let afterColumn = 1;
  let sentence: DraftSentence | undefined;
  let error: DraftError | undefined;
  let alt: Alternative | undefined;
  let correction: DraftCorrection | undefined;
  let buffer: string | undefined;
  const intern = new Map<string, string>();

  const fail = (what: string, line = tagLine, column = tagColumn): never => {
    throw new InputError(what, file, line, column);
  };
  const markupEnd = () => {
    afterLine = parser.line;
    afterColumn = parser.column + 1;
  };
  const attribute = (attributes: Record<string, string>, tag: string, name: string): string => {
    const value = attributes[name];
    if (value === undefined) fail(`expected a "${name}" attribute on <${tag}>`);
    return value;
  };
  const integer = (attributes: Record<string, string>, tag: string, name: string): number => {
    const value = attribute(attributes, tag, name);
    if (!/^\s*\d+\s*$/.test(value)) {
      fail(`expected a whole number >= 0 in ${name}="..." of <${tag}>, found ${describe(value)}`);
    }
    return Number(value);
  };
  const text = (data: string) => {
    if (buffer !== undefined) {
      buffer += data;
      if (buffer.length > maxLineLength) {
        fail(
          `expected at most ${maxLineLength} characters inside <${
            stack[stack.length - 1]
          }> (the limit; --max-line-length)`,
        );
      }
    } else if (!XML_SPACE.test(data)) {
      // Point at the first character that is not whitespace.
      let line = afterLine;
      let column = afterColumn;
      for (const ch of data) {
        if (ch === "\n") {
          line++;
          column = 1;
        } else if (ch === " " || ch === "\t" || ch === "\r") {
          column++;
        } else break;
      }
      const where = stack.length ? `inside <${stack[stack.length - 1]}>` : "outside <scripts>";
      fail(`expected only elements ${where}, found text ${describe(data)}`, line, column);
    }
    // The parser reports text once it has read the "<" of the markup that follows.
    afterLine = parser.line;
    afterColumn = Math.max(1, parser.column);
  };

  parser.on("error", (e) => {
    const message = e.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw new InputError(
      `malformed XML: ${message}`,
      file,
      parser.line,
      Math.max(1, parser.column),
    );
  });
  parser.on("doctype", () =>
    fail(
      "expected no DOCTYPE declaration (DTDs and entity declarations are refused)",
      afterLine,
      afterColumn,
    ));
  parser.on("xmldecl", (decl) => {
    // The text was decoded as UTF-8 (a UTF-16 file is refused before it gets here): a file
    // that declares another encoding is mislabelled or was decoded wrongly.
    const encoding = (decl as { encoding?: string }).encoding;
    if (encoding !== undefined && !/^(utf-?8|us-ascii|ascii)$/i.test(encoding.trim())) {
      fail(
        `expected encoding="UTF-8" in the XML declaration (gecscore reads XML as UTF-8), ` +
          `found encoding=${describe(encoding)}; convert the file to UTF-8 and change the ` +
          "declaration",
        afterLine,
        afterColumn,
      );
    }
    markupEnd();
  });
  parser.on("attribute", (attribute) => {
    if (attribute.value.length > MAX_XML_ATTRIBUTE_LENGTH) {
      fail(
        `expected at most ${MAX_XML_ATTRIBUTE_LENGTH} characters in an attribute, found ` +
          `${attribute.value.length} in ${attribute.name}="..."`,
      );
    }
  });
  parser.on("comment", markupEnd);
  parser.on("processinginstruction", markupEnd);
  parser.on("text", text);
  parser.on("cdata", text);
  parser.on("opentagstart", (tag) => {
    tagLine = parser.line;
    tagColumn = Math.max(1, parser.column - tag.name.length - 1);
  });
  parser.on("opentag", (tag) => {
    const name = tag.name;
    const parent = stack.length ? stack[stack.length - 1] : "";
    if (!CHILDREN[parent].includes(name)) {
      if (parent === "") fail(`expected <scripts> as the root element, found <${name}>`);
      if (CHILDREN[parent].length === 0) {
        fail(`expected only text inside <${parent}>, found <${name}>`);
      }
      fail(`expected ${childList(parent)} inside <${parent}>, found <${name}>`);
    }
    const attrs = tag.attributes as Record<string, string>;
    switch (name) {
      case "sentence": {
        const numann = integer(attrs, name, "numann");
        if (numann > maxAnnotators) {
          fail(
            `expected numann <= ${maxAnnotators} (the annotator limit; --max-annotators), found numann="${attrs.numann.trim()}"`,
          );
        }
        sentence = { line: tagLine, column: tagColumn, numann, sawErrorList: false, errors: [] };
        break;
      }
      case "text":
        if (sentence!.source !== undefined) fail("expected one <text> per <sentence>, found two");
        if (sentence!.sawErrorList) fail("expected <text> before <error-list>");
        buffer = "";
        break;
      case "error-list":
        if (sentence!.source === undefined) fail("expected <text> before <error-list>");
        if (sentence!.sawErrorList) fail("expected one <error-list> per <sentence>, found two");
        sentence!.sawErrorList = true;
        break;
      case "error": {
        const req = attribute(attrs, name, "req");
        if (req !== "yes" && req !== "no") {
          fail(`expected req="yes" or req="no" on <error>, found ${describe(req)}`);
        }
        const group: ErrorGroup = {
          id: attrs.id ?? String(sentence!.errors.length + 1),
          required: req === "yes",
          alternatives: [],
        };
        if (attrs.type !== undefined) group.type = attrs.type;
        error = { line: tagLine, column: tagColumn, group };
        break;
      }
      case "alt": {
        const ann = attribute(attrs, name, "ann").trim();
        if (ann === "") fail('expected an annotator id in ann="..." of <alt>, found ""');
        // ieval numbers a sentence's annotators 0 to numann - 1.
        if (/^\d+$/.test(ann) && Number(ann) >= sentence!.numann) {
          fail(
            `expected an annotator id below numann="${
              sentence!.numann
            }" (ids count from 0) in <alt>, found ann="${ann}"`,
          );
        }
        if (error!.group.alternatives.length >= maxAlternatives) {
          fail(
            `expected at most ${maxAlternatives} <alt> per <error> (the limit; --max-alternatives)`,
          );
        }
        if (!annotatorIds.has(ann)) {
          annotatorIds.add(ann);
          if (annotatorIds.size > maxAnnotators) {
            fail(
              `expected at most ${maxAnnotators} distinct annotators, found a new one (${
                describe(ann)
              }) past the limit (--max-annotators)`,
            );
          }
        }
        alt = { annotator: ann, corrections: [] };
        break;
      }
      case "c": {
        const start = integer(attrs, name, "start");
        const end = integer(attrs, name, "end");
        const length = sentence!.source!.length;
        if (end < start) fail(`expected start <= end in <c>, found start="${start}" end="${end}"`);
        if (end > length) {
          fail(
            `expected offsets within the sentence's ${length} tokens in <c>, found start="${start}" end="${end}"`,
          );
        }
        correction = { start, end };
        buffer = "";
        break;
      }
    }
    stack.push(name);
    markupEnd();
  });
  parser.on("closetag", (tag) => {
    switch (tag.name) {
      case "text":
        sentence!.source = tokenize(buffer!, intern);
        buffer = undefined;
        break;
      case "c":
        alt!.corrections.push({ ...correction!, tokens: tokenize(buffer!, intern) });
        buffer = undefined;
        break;
      case "alt":
        error!.group.alternatives.push(alt!);
        break;
      case "error":
        if (error!.group.alternatives.length === 0) {
          fail("expected at least one <alt> inside <error>", error!.line, error!.column);
        }
        sentence!.errors.push(error!.group);
        break;
      case "sentence": {
        const s = sentence!;
        if (s.source === undefined) fail("expected a <text> inside <sentence>", s.line, s.column);
        const annotators = new Set(s.errors.flatMap((e) => e.alternatives.map((a) => a.annotator)));
        if (annotators.size > s.numann) {
          fail(
            `expected numann >= the ${annotators.size} annotators that have alternatives, found numann="${s.numann}"`,
            s.line,
            s.column,
          );
        }
        drafts.push(s);
        break;
      }
    }
    stack.pop();
    markupEnd();
  });

  let first = true;
  for await (let chunk of chunks) {
    if (first && chunk.length) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    // A byte order mark after the start (two files joined with cat) would silently become
    // part of a token: refuse it where it is.
    const bom = chunk.indexOf("\uFEFF");
    if (bom !== -1) {
      parser.write(chunk.slice(0, bom));
      throw new InputError(
        "found a U+FEFF byte order mark in mid-file (files joined with cat?); remove it",
        file,
        parser.line,
        parser.column + 1,
      );
    }
    parser.write(chunk);
  }
  parser.close();
  if (drafts.length === 0) {
    throw new InputError("expected at least one <sentence>, found none", file);
  }
  return { path: file, format: "ixml", sentences: finishSentences(drafts) };
}

/** Derive annotations and the corpus' annotator ids from the parsed sentences. */
function finishSentences(drafts: DraftSentence[]): GoldSentence[] {
  const ids = new Set<string>();
  for (const d of drafts) {
    for (const e of d.errors) for (const a of e.alternatives) ids.add(a.annotator);
  }
  // A sentence without annotators gets the placeholder annotator "0", as in M2.
  if (drafts.some((d) => d.numann === 0)) ids.add("0");
  // numann may count annotators that never appear in an <alt>: give them unused numeric ids.
  const most = Math.max(...drafts.map((d) => d.numann));
  for (let n = 0; ids.size < most; n++) ids.add(String(n));
  const allAnnotators = sortAnnotators(ids);
  return drafts.map((d) => {
    const edits = new Map<string, Edit[]>();
    for (const e of d.errors) {
      for (const a of e.alternatives) {
        let list = edits.get(a.annotator);
        if (!list) edits.set(a.annotator, list = []);
        for (const c of a.corrections) {
          const edit: Edit = { start: c.start, end: c.end, corrections: [[...c.tokens]] };
          if (e.type !== undefined) edit.type = e.type;
          edit.required = e.required;
          list.push(edit);
        }
      }
    }
    for (const id of allAnnotators) {
      if (edits.size >= d.numann) break;
      if (!edits.has(id)) edits.set(id, []);
    }
    let annotations: Annotation[];
    if (d.numann === 0) {
      annotations = [{ annotator: "0", edits: [] }];
    } else {
      annotations = sortAnnotators(edits.keys()).map((annotator) => {
        const list = edits.get(annotator)!.sort((a, b) => a.start - b.start || a.end - b.end);
        return list.length ? { annotator, edits: list } : { annotator, edits: list, noop: true };
      });
    }
    return {
      source: d.source!,
      annotations,
      errors: d.errors,
      numAnnotators: d.numann,
      allAnnotators,
      line: d.line,
    };
  });
}

// XML 1.0 forbids these characters even as character references.
const NOT_XML =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function escape(text: string, corpus: GoldCorpus, sentence: GoldSentence): string {
  const bad = NOT_XML.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw new InputError(
      `cannot write ${describe(text)} as XML: it contains the character U+${code}`,
      corpus.path,
      sentence.line,
    );
  }
  return text.replace(
    /[&<>"]/g,
    (ch) => ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : "&quot;",
  );
}

/**
 * Write a gold corpus as I-measure XML: one `<script>`, sentences numbered from 1, each with
 * its `numann` and error groups (taken from an XML corpus as they are; derived from M2
 * annotations by {@linkcode errorGroups}, as the I-measure's converter does).
 *
 * @example Usage
 * ```ts
 * import { parseIxml, writeIxml } from "./ixml.ts";
 * import { parseM2 } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const m2 = await parseM2(["S A b & c\nA 1 2|||X|||B|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * const xml = writeIxml(m2);
 * assert.match(xml, /<text>A b &amp; c<\/text>/);
 * assert.match(xml, /<error id="1" req="yes" type="X">/);
 * const back = await parseIxml([xml], "x.xml");
 * assert.deepEqual(back.sentences[0].errors, [{
 *   id: "1",
 *   type: "X",
 *   required: true,
 *   alternatives: [{ annotator: "0", corrections: [{ start: 1, end: 2, tokens: ["B"] }] }],
 * }]);
 * ```
 *
 * @param corpus A corpus with error groups or annotations.
 * @returns The XML text.
 */
export function writeIxml(corpus: GoldCorpus): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<scripts>\n  <script id="1">\n'];
  corpus.sentences.forEach((s, i) => {
    const esc = (text: string) => escape(text, corpus, s);
    const errors = errorGroups(s);
    out.push(
      `    <sentence id="${i + 1}" numann="${annotatorCount(s)}">\n`,
      `      <text>${esc(s.source.join(" "))}</text>\n`,
    );
    if (errors.length === 0) {
      out.push("      <error-list />\n");
    } else {
      out.push("      <error-list>\n");
      for (const e of errors) {
        const type = e.type === undefined ? "" : ` type="${esc(e.type)}"`;
        out.push(
          `        <error id="${esc(e.id)}" req="${e.required ? "yes" : "no"}"${type}>\n`,
        );
        for (const a of e.alternatives) {
          out.push(`          <alt ann="${esc(a.annotator)}">\n`);
          for (const c of a.corrections) {
            const span = `start="${c.start}" end="${c.end}"`;
            out.push(
              c.tokens.length
                ? `            <c ${span}>${esc(c.tokens.join(" "))}</c>\n`
                : `            <c ${span} />\n`,
            );
          }
          out.push("          </alt>\n");
        }
        out.push("        </error>\n");
      }
      out.push("      </error-list>\n");
    }
    out.push("    </sentence>\n");
  });
  out.push("  </script>\n</scripts>\n");
  return out.join("");
}

/** The I-measure XML gold format plugin. */
export const ixmlFormat: Format = {
  id: "ixml",
  description:
    "I-measure gold XML (Felice & Briscoe 2015): sentences with errors, alternatives per annotator",
  extensions: [".xml"],
  sniff(head) {
    const start = head.replace(/^\uFEFF/, "").trimStart();
    return start.startsWith("<?xml") || start.startsWith("<scripts");
  },
  parse: parseIxml,
  write: writeIxml,
};
