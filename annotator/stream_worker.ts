/**
 * A worker of `stream.ts`: it builds its annotator once from the spec it is sent (importing the
 * annotator module and its npm packages itself), then annotates the chunks it is sent, one after
 * another, answering each in turn. It runs as a `node:worker_threads` worker, the kind whose V8
 * heap can be sized.
 *
 * @module
 */

import { parentPort } from "node:worker_threads";
import type { Annotator } from "./annotate.ts";
import { buildAnnotator } from "./build.ts";
import {
  annotateTask,
  type AnnotationAnswer,
  type AnnotationTask,
  type AnnotationWorkerInit,
} from "./stream.ts";

let setup: AnnotationWorkerInit;
let annotator: Annotator;

/** The first line of an error, for a message. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const port = parentPort!;
port.on("message", async (data: { init: AnnotationWorkerInit } | { task: AnnotationTask }) => {
  if ("init" in data) {
    try {
      setup = data.init;
      annotator = await buildAnnotator(setup.spec);
      port.postMessage({ ready: true });
    } catch (error) {
      port.postMessage({ ready: false, error: describe(error) });
    }
    return;
  }
  const task = data.task;
  let answer: AnnotationAnswer;
  try {
    answer = { id: task.id, text: annotateTask(task, annotator, setup.options) };
  } catch (error) {
    answer = {
      id: task.id,
      text: "",
      error: describe(error),
      errorName: error instanceof Error ? error.name : undefined,
    };
  }
  port.postMessage(answer);
});
