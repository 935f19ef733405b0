/**
 * The worker box third-party plugins run in: loading plugins, the host that keeps their calls synchronous and time-limited, and the checked metric calls that name a fault.
 *
 * @module
 */

export {
  type CallSite,
  checkedScore,
  checkedStats,
  type JobExtras,
  type MetricJobResult,
  runMetricJob,
  scoreProblem,
} from "./guard.ts";
export {
  DEFAULT_PLUGIN_MEMORY_MB,
  DEFAULT_PLUGIN_TIMEOUT_MS,
  type HostOptions,
  maxPluginMemoryMb,
  PluginHost,
  type PluginModule,
} from "./host.ts";
export { importPlugin, loadPlugin, pluginProblem, pluginUrl, unloadPlugin } from "./loader.ts";
