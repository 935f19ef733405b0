/**
 * What a program is told about boxed plugins stopped in the middle of their code: Deno cannot
 * interrupt a worker busy in JavaScript, so such a plugin may run on (and grow) after the stop.
 * The REPL registers handlers; the box calls them.
 *
 * @module
 */

let runawayHandler: ((message: string) => void) | undefined;

/**
 * Say what to do when a boxed plugin stopped in the middle of its code (at its time or memory
 * limit) runs on regardless — Deno cannot interrupt a worker busy in JavaScript — and grows
 * the program by its memory limit again: the handler gets one line naming the plugin. A
 * program that lives on after a stop (the REPL) ends itself there, before V8's heap limit
 * ends it with a native error; without a handler nothing is done.
 *
 * @example Usage
 * ```ts
 * import { onRunawayPlugin } from "./stop_notices.ts";
 *
 * onRunawayPlugin((message) => {
 *   console.error(`gecscore: ${message}`);
 *   Deno.exit(1);
 * });
 * onRunawayPlugin(undefined);
 * ```
 *
 * @param handler Called once per runaway plugin; `undefined` removes the handler.
 */
export function onRunawayPlugin(handler: ((message: string) => void) | undefined): void {
  runawayHandler = handler;
}

let runsOnHandler: ((message: string) => void) | undefined;

/**
 * Say when a boxed plugin is stopped in the middle of its code (at its time or memory limit):
 * Deno cannot interrupt a worker busy in JavaScript, so its thread may keep a CPU core busy
 * until the program ends. A program that lives on after a stop (the REPL) tells its user; the
 * handler gets one line naming the plugin, once per plugin.
 *
 * @example Usage
 * ```ts
 * import { onPluginRunsOn } from "./stop_notices.ts";
 *
 * onPluginRunsOn((message) => console.error(`warning: ${message}`));
 * onPluginRunsOn(undefined);
 * ```
 *
 * @param handler Called once per plugin stopped mid-call; `undefined` removes the handler.
 */
export function onPluginRunsOn(handler: ((message: string) => void) | undefined): void {
  runsOnHandler = handler;
}

/**
 * Tell the handler of {@linkcode onRunawayPlugin}, if any, that a stopped plugin runs away.
 *
 * @param message One line naming the plugin.
 */
export function notifyRunaway(message: string): void {
  runawayHandler?.(message);
}

/**
 * Tell the handler of {@linkcode onPluginRunsOn}, if any, that a plugin was stopped mid-call.
 *
 * @param message One line naming the plugin.
 */
export function notifyRunsOn(message: string): void {
  runsOnHandler?.(message);
}
