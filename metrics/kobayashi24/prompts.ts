/**
 * The prompts of LLM-S and LLM-E (Kobayashi et al., BEA 2024) as gec-metrics sends them: the
 * `instruction_template` defaults of `LLMKobayashi24` (LLM-S) and `LLMKobayashi24OpenAIEdit`
 * (LLM-E) in `gec_metrics/metrics/llm_kobayashi24.py` (gotutiyan/gec-metrics, commit
 * 320c830), recorded here as data because they are the specification of what these metrics
 * send: a different prompt is a different metric. `[SOURCE]` is replaced by the source
 * sentence and `[CORRECTION]` by the targets, one per line.
 *
 * The text of these two prompts is under gec-metrics' licence:
 *
 * MIT License
 *
 * Copyright (c) 2024 gotutiyan
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 *
 * @module
 */

/** The system message gec-metrics sends before the prompt. */
export const SYSTEM_MESSAGE = "You are a helpful assistant.";

/** LLM-S: the targets are the corrected sentences. */
export const LLM_S_PROMPT: string =
  "The goal of this task is to rank the presented targets based on the quality of the sentences.\n" +
  "After reading the source sentence and target sentences, please assign a score from a minimum of 1 point to a maximum of 5 points to each target based on the quality of the sentence (note that you can assign the same score multiple times).\n" +
  "\n" +
  "# source\n" +
  "[SOURCE]\n" +
  "\n" +
  "# targets\n" +
  "[CORRECTION]\n" +
  "\n" +
  "# output format\n" +
  'The output should be a markdown code snippet formatted in the following schema, including the leading and trailing "```json" and "```":\n' +
  "```json\n" +
  "{\n" +
  '"target1_score": int // assigned score for target 1\n' +
  "...\n" +
  '"targetN_score": int // assigned score for target N\n' +
  "}\n" +
  "```\n";

/** LLM-E: the targets are the corrections' edits (`source words→corrected words`). */
export const LLM_E_PROMPT: string =
  "The goal of this task is to rank the presented targets based on the quality of the sentences.\n" +
  "After reading the source sentence and target sentences, please assign a score from a minimum of 1 point to a maximum of 5 points to each target based on the quality of the sentence (note that you can assign the same score multiple times).\n" +
  "For targets without any edits, if the sentence is correct, they will be awarded 5 points; if there is an error, they will receive 1 point.\n" +
  "The edits in each target are indicated as follows:\n" +
  'Insert "the": [→the]\n' +
  'Delete "the": [the→]\n' +
  'Replace "the" with "a": [the→a]\n' +
  "\n" +
  "# context\n" +
  "[SOURCE]\n" +
  "\n" +
  "# targets\n" +
  "[CORRECTION]\n" +
  "\n" +
  "# output format\n" +
  "The output should be a markdown code snippet formatted in the\n" +
  'following schema, including the leading and trailing "```json" and "```":\n' +
  "```json\n" +
  "{\n" +
  '"target1_score": int // assigned score for target 1\n' +
  "...\n" +
  '"targetN_score": int // assigned score for target N\n' +
  "}\n" +
  "```\n";
