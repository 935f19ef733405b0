/**
 * `gecscore tokenize FILE [--tokenizer ID]`: tokenize raw text one line at a time with a
 * registered tokenizer (default `syntok`, MultiGEC-2025's) and print each line's tokens
 * joined by single spaces.
 *
 * @module
 */

import { parseCommandArgs } from "./args.ts";
import type { Command } from "./command.ts";
import { lines, readChunks } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";

/** The help text of `gecscore tokenize`. */
export const TOKENIZE_HELP = `Usage:
  gecscore tokenize FILE [--tokenizer ID] [--plugin SPEC]...

Tokenize FILE (raw text, UTF-8) one line at a time and print each line's tokens joined by
single spaces, one output line per input line. FILE "-" is standard input.

Options:
  --tokenizer ID   a registered tokenizer (default syntok: syntok's Tokenizer with its tokens
                   written as MultiGEC-2025's pretokenize writes them); gecscore list shows
                   them all
  --plugin SPEC    load a plugin that adds tokenizers
  -h, --help       this help
`;

/** The `tokenize` command. */
export const tokenizeCommand: Command = {
  summary: "tokenize raw text one line at a time (default: syntok, as MultiGEC-2025 does)",
  help: TOKENIZE_HELP,
  async run(args, { registry, io }) {
    const { values, positionals } = parseCommandArgs("tokenize", {
      args,
      allowPositionals: true,
      options: {
        tokenizer: { type: "string" },
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      io.out(TOKENIZE_HELP);
      return 0;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        `tokenize: expected one FILE, got ${positionals.length}; see gecscore help tokenize`,
      );
    }
    const tokenizer = registry.tokenizer(values.tokenizer ?? "syntok");
    const [file] = positionals;
    const chunks = file === "-" ? stdinChunks() : readChunks(file);
    let batch: string[] = [];
    for await (const { text } of lines(chunks, { file })) {
      batch.push(tokenizer.tokenize(text).join(" "));
      if (batch.length >= 1000) {
        io.out(batch.join("\n") + "\n");
        batch = [];
      }
    }
    if (batch.length) io.out(batch.join("\n") + "\n");
    return 0;
  },
};

async function* stdinChunks(): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const bytes of Deno.stdin.readable) yield decoder.decode(bytes, { stream: true });
  yield decoder.decode();
}
