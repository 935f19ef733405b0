/**
 * Pure statistics: correlations, Williams' test, pairwise tau, bootstrap helpers, Holm's correction, ranks.
 *
 * @module
 */

export {
  type BootstrapOptions,
  bootstrapResamples,
  type PercentileBounds,
  percentileBounds,
  randBelow,
} from "./bootstrap.ts";
export { holmRejections } from "./holm.ts";
export {
  type OutcomeCounts,
  type PairRelation,
  type PairwiseTau,
  pairwiseTau,
  scoreRelation,
  tallyOutcomes,
  TAU_VARIANTS,
  type TauVariant,
} from "./pairwise_tau.ts";
export { pearson } from "./pearson.ts";
export { averageRanks } from "./ranks.ts";
export { spearman } from "./spearman.ts";
export { studentTUpperTail } from "./student_t.ts";
export { type WilliamsInput, type WilliamsResult, williamsTest } from "./williams.ts";
export { MersenneTwister } from "../util/mt19937.ts";
export {
  rateOneVsOne,
  type TrueSkillEnv,
  type TrueSkillRating,
  trueSkillRating,
  tsCdf,
  tsErfc,
  tsPdf,
  tsPpf,
} from "./trueskill.ts";
