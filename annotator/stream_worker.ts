/**
 * A worker of `stream.ts`: it builds its annotator once from the spec it is sent (importing the
 * annotator module and its npm packages itself), then annotates the chunks it is sent, one after
 * another, answering each in turn. It runs as a `node:worker_threads` worker, the kind whose V8
 * heap can be sized.
 *
 * @module
 */

import { servePool } from "../util/worker_pool.ts";
import { buildAnnotator } from "./build.ts";
import {
  annotateTask,
  type AnnotationAnswer,
  type AnnotationTask,
  type AnnotationWorkerInit,
} from "./stream.ts";

servePool<AnnotationWorkerInit, AnnotationTask, AnnotationAnswer>(async (setup) => {
  const annotator = await buildAnnotator(setup.spec);
  return (task) => {
    try {
      const m2 = annotateTask(task, annotator, setup.options);
      return { answer: { m2 }, transfer: [m2.buffer as ArrayBuffer] };
    } catch (error) {
      return {
        answer: {
          m2: new Uint8Array(0),
          error: error instanceof Error ? error.message : String(error),
          errorName: error instanceof Error ? error.name : undefined,
        },
      };
    }
  };
});
