/**
 * The report page: one self-contained HTML file (inline CSS, inline SVG charts, embedded
 * JSON and a small inline script for the sentence browser; nothing loaded from the network).
 *
 * @module
 */

import { headlineValue } from "../plugins/headline.ts";
import { fieldText } from "../render/fields.ts";
import { BROWSER_SCRIPT } from "./browser_script.ts";
import {
  type Chart,
  type EarlyCharts,
  earlyCharts,
  headlineLabel,
  humanCharts,
  scoreCharts,
  TYPE_CHART_LIMIT,
} from "./charts.ts";
import { REPORT_CSS } from "./style.ts";
import type { ReportInput, ReportTypeBreakdown } from "./types.ts";
import { disagreement, percentileRanks } from "./sentence_ranks.ts";
export { disagreement, percentileRanks };

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}

function round4(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : null;
}

/** The error types the sentence browser filters on: the sentences' and the gold edits', sorted. */
function errorTypes(input: ReportInput): string[] {
  return [
    ...new Set([
      ...input.sentences.flatMap((s) => s.types),
      ...(input.edits?.gold.flatMap((a) => a.flatMap((e) => e.map((x) => x.type))) ?? []),
    ]),
  ].filter(Boolean).sort();
}

/** The sentence browser's data (see the layout in `browser_script.ts`). */
function browserData(input: ReportInput): string {
  const types = errorTypes(input);
  const typeIndex = new Map(types.map((t, k) => [t, k]));
  const dis = disagreement(input);
  const systemEdits = input.systems.some((s) => s.edits);
  const sents = input.sentences.map((sentence, i) => {
    const source = sentence.source.join(" ");
    const same = (tokens: readonly string[]) => {
      const text = tokens.join(" ");
      return text === source ? 0 : text;
    };
    const scores: (number | null)[] = [];
    for (const system of input.systems) {
      for (const metric of input.metrics) {
        scores.push(round4(system.sentenceScores[metric.id][i]));
      }
    }
    const row: unknown[] = [
      source,
      sentence.references.map(same),
      sentence.types.map((t) => typeIndex.get(t)!),
      input.systems.map((s) => same(s.sentences[i])),
      scores,
      round4(dis.systems[i]),
      round4(dis.metrics[i]),
    ];
    if (input.edits) {
      row.push(
        input.edits.gold[i].map((edits) =>
          edits.map((e) => [e.start, e.end, e.type ? typeIndex.get(e.type)! : -1, e.correction])
        ),
        input.edits.compared[i].map((c) => [c.annotator, c.matched]),
      );
    }
    if (systemEdits) {
      if (!input.edits) row.push(null, null);
      row.push(input.systems.map((s) =>
        s.edits
          ? (s.edits[i] ?? []).map((e) => [
            e.start,
            e.end,
            e.type ?? "",
            (e.corrections[0] ?? []).join(" "),
          ])
          : 0
      ));
    }
    return row;
  });
  const data = {
    systems: input.systems.map((s) => s.name),
    metrics: input.metrics.map((m) => m.id),
    types,
    sents,
  };
  // `<` escaped: the JSON cannot end the script element early.
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(
    /\u2029/g,
    "\\u2029",
  );
}

function numberCell(
  value: unknown,
  rate: boolean,
  attributes: { system: string; metric: string; field: string },
  best = false,
): string {
  const data = typeof value === "number" ? ` data-value="${String(value)}"` : "";
  return `<td class="num${best ? " best" : ""}" data-system="${
    esc(attributes.system)
  }" data-metric="${esc(attributes.metric)}" data-field="${esc(attributes.field)}"${data}>${
    esc(fieldText(value, rate))
  }</td>`;
}

function headlineNumber(score: unknown, path: string): number {
  const value = headlineValue(score, path);
  return typeof value === "number" ? value : NaN;
}

/** Every field of each metric's corpus score, a table per metric. */
function detailTables(input: ReportInput): string {
  return input.metrics.map((m) => {
    const scores = input.systems.map((s) => s.scores[m.id]);
    const rate = m.columns.map((c) =>
      scores.some((sc) => {
        const v = headlineValue(sc, c);
        return typeof v === "number" && !Number.isInteger(v);
      })
    );
    return `<div class="scroll"><table class="details" data-metric="${esc(m.id)}">
<caption>${esc(m.id)}: every field of the corpus score</caption>
<thead><tr><th scope="col">System</th>${
      m.columns.map((c) => `<th scope="col" class="num">${esc(c)}</th>`).join("")
    }</tr></thead>
<tbody>${
      input.systems.map((s) =>
        `<tr><th scope="row">${esc(s.name)}</th>${
          m.columns.map((c, i) =>
            numberCell(headlineValue(s.scores[m.id], c), rate[i], {
              system: s.name,
              metric: m.id,
              field: c,
            })
          ).join("")
        }</tr>`
      ).join("\n")
    }</tbody></table></div>`;
  }).join("\n");
}

function summarySection(input: ReportInput): string {
  const sig = input.significance;
  const baseline = input.systems[0]?.name ?? "";
  const level = sig ? `${Math.round(sig.level * 100)}% CI` : "";
  const has = (metric: string) => ({
    ci: !!sig?.intervals.some((c) => c.metric === metric),
    p: !!sig?.pValues.some((c) => c.metric === metric),
    rank: !!sig?.ranks?.some((c) => c.metric === metric),
  });
  // With intervals, tests or ranks, two header rows: each metric's name over its columns
  // (score, interval, p, rank), so that four metrics fit a 1400 px screen.
  const span = (m: { id: string }) => {
    const h = has(m.id);
    return 1 + Number(h.ci) + Number(h.p) + Number(h.rank);
  };
  const grouped = input.metrics.some((m) => span(m) > 1);
  const sub = (m: { id: string }) => {
    const h = has(m.id);
    return `<th scope="col" class="num">score</th>` +
      (h.ci ? `<th scope="col" class="num">${esc(level)}</th>` : "") +
      (h.p ? `<th scope="col" class="num">p vs ${esc(baseline)}</th>` : "") +
      (h.rank ? `<th scope="col" class="num">rank</th>` : "");
  };
  const head = grouped
    ? `<colgroup><col></colgroup>${
      input.metrics.map((m) => `<colgroup span="${span(m)}"></colgroup>`).join("")
    }
<thead><tr><th scope="col" rowspan="2">System</th>${
      input.metrics.map((m) =>
        span(m) > 1
          ? `<th scope="colgroup" colspan="${span(m)}" class="group">${esc(headlineLabel(m))}</th>`
          : `<th scope="col" class="num" rowspan="2">${esc(headlineLabel(m))}</th>`
      ).join("")
    }</tr>
<tr>${input.metrics.filter((m) => span(m) > 1).map(sub).join("")}</tr></thead>`
    : `<thead><tr><th scope="col">System</th>${
      input.metrics.map((m) => `<th scope="col" class="num">${esc(headlineLabel(m))}</th>`).join(
        "",
      )
    }</tr></thead>`;
  const best = input.metrics.map((m) => {
    const values = input.systems.map((s) => headlineNumber(s.scores[m.id], m.headline));
    return m.lowerIsBetter ? Math.min(...values) : Math.max(...values);
  });
  const rows = input.systems.map((s, k) => {
    const cells = input.metrics.map((m, j) => {
      const value = headlineValue(s.scores[m.id], m.headline);
      let cell = numberCell(
        value,
        true,
        { system: s.name, metric: m.id, field: m.headline },
        input.systems.length > 1 && value === best[j],
      );
      const h = has(m.id);
      const where = `data-system="${esc(s.name)}" data-metric="${esc(m.id)}"`;
      if (h.ci) {
        const ci = sig!.intervals.find((c) => c.system === s.name && c.metric === m.id);
        cell += ci
          ? `<td class="num ci" ${where} data-low="${ci.low}" data-high="${ci.high}">[${
            ci.low.toFixed(4)
          }, ${ci.high.toFixed(4)}]</td>`
          : `<td class="num ci">-</td>`;
      }
      if (h.p) {
        const p = sig!.pValues.find((c) => c.system === s.name && c.metric === m.id);
        cell += k === 0
          ? `<td class="num p" title="the baseline">&ndash;<span class="vh"> (the baseline)</span></td>`
          : p
          ? `<td class="num p" ${where} data-p="${p.p}">${
            p.p < 0.001 ? "&lt; 0.001" : p.p.toFixed(3)
          }${p.p < 0.05 ? "*" : ""}</td>`
          : `<td class="num p">-</td>`;
      }
      if (h.rank) {
        const r = sig!.ranks!.find((c) => c.system === s.name && c.metric === m.id);
        cell += `<td class="num rank">${
          r ? (r.best === r.worst ? `${r.best}` : `${r.best}&ndash;${r.worst}`) : "-"
        }</td>`;
      }
      return cell;
    }).join("");
    return `<tr><th scope="row">${esc(s.name)}</th>${cells}</tr>`;
  }).join("\n");
  const sigNote = sig
    ? `<p>${
      esc(sig.method.charAt(0).toUpperCase() + sig.method.slice(1))
    }. p is the paired test of each system against ${
      esc(baseline)
    } (* below 0.05, uncorrected for the number of systems)${
      sig.ranks?.length ? "; a rank range spans every rank a system cannot be separated from" : ""
    }.</p>`
    : `<p class="help">No confidence intervals or paired tests were computed for this report.</p>`;
  const details = detailTables(input);
  return section(
    "summary",
    "Summary",
    `
<div class="scroll"><table class="summary">
<caption>Corpus scores: the headline of each metric (best in bold)</caption>
${head}
<tbody>
${rows}
</tbody></table></div>
${sigNote}
<h3>Signatures</h3>
<dl class="sigs">${
      input.metrics.map((m) => {
        const resampling = sig?.signatures?.[m.id];
        const full = resampling ? `${m.signature}|${resampling}` : m.signature;
        return `<dt>${esc(m.id)}</dt><dd><code data-metric="${esc(m.id)}">${esc(full)}</code></dd>`;
      }).join("")
    }</dl>
<h3>All score fields</h3>
${details}
`,
  );
}

/** A page section with its heading; `id` is its anchor (the heading's id is `id-h`). */
function section(id: string, heading: string, body: string): string {
  return `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${heading}</h2>${body}</section>`;
}

function figures(charts: readonly Chart[]): string {
  return `<div class="charts">${
    charts.map((c) =>
      `<figure aria-labelledby="${c.id}-cap">${c.svg}<figcaption id="${c.id}-cap">${
        esc(c.title)
      }</figcaption></figure>`
    ).join("\n")
  }</div>`;
}

function typeTable(input: ReportInput, types: ReportTypeBreakdown): string {
  const names = input.systems.map((s) => s.name);
  const counts = types.columns.includes("tp") && types.columns.includes("fn");
  const cell = (row: Record<string, unknown> | undefined) => {
    if (!row) return `<td class="num">-</td>`;
    const value = row[types.value];
    const text = typeof value === "number" ? value.toFixed(4) : "-";
    const extra = counts && typeof row.tp === "number" && typeof row.fn === "number"
      ? ` (${row.tp}/${row.tp + row.fn})`
      : "";
    return `<td class="num">${text}${extra}</td>`;
  };
  return `<details><summary>All ${types.types.length} types: ${esc(types.value)}${
    counts ? " (matched/gold edits)" : ""
  } of each system</summary>
<div class="scroll"><table class="types" data-metric="${esc(types.metric)}">
<caption>${esc(types.metric)}: ${esc(types.value)} per ${esc(types.label)}</caption>
<thead><tr><th scope="col">Type</th>${
    names.map((n) => `<th scope="col" class="num">${esc(n)}</th>`).join("")
  }</tr></thead>
<tbody>${
    types.types.map((t) =>
      `<tr><th scope="row">${esc(t)}</th>${
        names.map((n) => cell(types.scores[n]?.[t])).join("")
      }</tr>`
    ).join("\n")
  }</tbody></table></div></details>`;
}

function browserSection(input: ReportInput): string {
  const types = errorTypes(input);
  const sortOptions = [
    ["order", "corpus order"],
    ...(input.systems.length > 1 ? [["sys", "systems disagree most"]] : []),
    ...(input.metrics.length > 1 ? [["met", "metrics disagree most"]] : []),
    ["len", "longest source first"],
  ];
  return section(
    "sentences",
    "Sentences",
    `
<p class="help">Each system's output and each reference is shown as a token diff against the source
(<ins>inserted</ins>, <del>deleted</del>), with each metric's sentence score${
      input.edits ? " and the gold edits the system made (&#x2713;) or missed (&#x2717;)" : ""
    }${
      input.systems.some((s) => s.edits)
        ? `. Under ${
          input.systems.every((s) => s.edits)
            ? "each"
            : "a"
        } system's output, in blue: its own edits with their types (from its hypothesis M2, or ` +
          `extracted by gecscore's annotator from a plain-text output)`
        : ""
    }. "Systems disagree" is the largest spread between systems of the percentile ranks of their
sentence scores on one metric; "metrics disagree" is the largest share of system pairs that two
metrics order oppositely (both 0 to 1).
Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous sentence, <kbd>n</kbd>/<kbd>p</kbd> next/previous page.</p>
<form class="controls" role="search" onsubmit="return false">
<label for="sb-word">Word<input id="sb-word" type="search" placeholder="in source, outputs or references" autocomplete="off"></label>
<label for="sb-type">Error type<select id="sb-type"><option value="">any</option>${
      types.map((t, k) => `<option value="${k}">${esc(t)}</option>`).join("")
    }</select></label>
<label for="sb-sort">Sort<select id="sb-sort">${
      sortOptions.map(([v, l]) => `<option value="${v}">${esc(l)}</option>`).join("")
    }</select></label>
<label for="sb-size">Per page<select id="sb-size"><option>10</option><option selected>25</option><option>100</option></select></label>
</form>
<p id="sb-status" role="status" aria-live="polite"></p>
<div class="pager"><button type="button" id="sb-prev">&larr; Previous</button>
<label>Page <input id="sb-page" type="number" min="1" value="1"></label>
<button type="button" id="sb-next">Next &rarr;</button></div>
<noscript><p>The sentence browser needs JavaScript.</p></noscript>
<div id="sb-list"></div>
`,
  ) + `
<script type="application/json" id="report-data">${browserData(input)}</script>
<script>${BROWSER_SCRIPT}</script>`;
}

/**
 * Build the report page from its input: summary table, charts, per-type breakdown, human
 * judgments (each when the input has the data) and the sentence browser.
 *
 * @example Usage
 * ```ts
 * import { buildReport } from "./build_report.ts";
 * import assert from "node:assert/strict";
 *
 * const html = await buildReport({
 *   title: "Demo",
 *   gold: "gold.m2",
 *   goldFormat: "m2",
 *   metrics: [{ id: "exact", headline: "rate", columns: ["rate"], signature: "exact|v:1" }],
 *   systems: [{
 *     name: "sys", sentences: [["A", "cat", "."]],
 *     scores: { exact: { rate: 1 } }, sentenceScores: { exact: [1] },
 *   }],
 *   sentences: [{ source: ["a", "cat", "."], references: [["A", "cat", "."]], types: [] }],
 * });
 * assert.match(html, /^<!DOCTYPE html>/);
 * assert.match(html, /data-metric="exact" data-field="rate" data-value="1">1.0000</);
 * assert.doesNotMatch(html, /<(script|link|img)[^>]+(src|href)="?https?:/);
 * ```
 *
 * @param input What to show.
 * @param early The charts that need no resampling, when drawn already ({@linkcode earlyCharts}).
 * @returns The HTML page.
 */
export async function buildReport(
  input: ReportInput,
  early?: Promise<EarlyCharts>,
): Promise<string> {
  const [scores, { types, buckets, scatters }, human] = await Promise.all([
    scoreCharts(input),
    early ?? earlyCharts(input),
    humanCharts(input),
  ]);
  const sections: string[] = [summarySection(input)];
  const nav: [string, string][] = [["summary", "Summary"]];
  const add = (id: string, heading: string, label: string, body: string) => {
    sections.push(section(id, heading, body));
    nav.push([id, label]);
  };
  add("scores", "Scores by system", "Scores", figures(scores));
  if (types.length && input.types) {
    add(
      "types",
      "Error types",
      "Error types",
      `
${
        input.types.map((breakdown, k) =>
          `<h3>${esc(breakdown.metric)}: ${esc(breakdown.label)}</h3>
<p class="help">${
            esc([
              ...(breakdown.notes ?? []),
              ...(breakdown.types.length > TYPE_CHART_LIMIT
                ? [`The chart shows the ${TYPE_CHART_LIMIT} most frequent types, the table all.`]
                : []),
            ].join(" "))
          }</p>${figures([types[k]])}${typeTable(input, breakdown)}`
        ).join("\n")
      }`,
    );
  }
  if (buckets.length) {
    add(
      "length",
      "Scores by sentence length",
      "By length",
      `
<p class="help">Corpus scores computed from the statistics of the sentences in each source-length bucket.</p>${
        figures(buckets)
      }`,
    );
  }
  if (scatters.length) {
    add("scatter", "Metric against metric", "Metric vs metric", figures(scatters));
  }
  if (human.length && input.human) {
    add(
      "human",
      "Metrics against human judgments",
      "Human judgments",
      `
<p class="help">Each metric's corpus score against ${
        esc(input.human.map((h) => h.label).join(", "))
      }, one point per judged system (systems without a human score are left out).</p>${
        figures(human)
      }`,
    );
  }
  if (input.attacks?.length) {
    add("attacks", "Adversarial outputs", "Adversarial outputs", attackSection(input.attacks));
  }
  nav.push(["sentences", "Sentences"]);
  sections.push(browserSection(input));
  const warnings = input.warnings?.length
    ? `<div class="warnings" role="note"><strong>Warnings</strong><ul>${
      input.warnings.map((w) => `<li>${esc(w)}</li>`).join("")
    }</ul></div>`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${esc(input.generator ?? "gecscore")}">
<title>${esc(input.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>${esc(input.title)}</h1>
<ul class="meta">
<li>Gold: <code>${esc(input.gold)}</code> (${esc(input.goldFormat)})</li>
<li>${input.sentences.length} sentences</li>
<li>${input.systems.length} system${input.systems.length === 1 ? "" : "s"}: ${
    esc(input.systems.map((s) => s.name).join(", "))
  }</li>
<li>Metrics: ${esc(input.metrics.map((m) => m.id).join(", "))}</li>
</ul>
<nav aria-label="Sections"><ul>${
    nav.map(([id, label]) => `<li><a href="#${id}">${esc(label)}</a></li>`).join("")
  }</ul></nav>
</header>
<main>
${warnings}
${sections.join("\n")}
</main>
<footer>Made by ${
    esc(input.generator ?? "gecscore")
  }. This page is self-contained: it loads nothing from the network.</footer>
</body>
</html>
`;
}

/** The table of where each metric ranks each adversarial output among the other systems. */
function attackSection(attacks: NonNullable<ReportInput["attacks"]>): string {
  const systems = attacks[0].systems;
  return `
<p class="help">Where each metric ranks each adversarial output among the ${systems} other systems (1 = best, ${
    systems + 1
  } = last): a metric that sees through the attack ranks it last.</p>
<div class="scroll"><table class="attacks">
<caption>Rank of each adversarial output among the ${systems} other systems</caption>
<thead><tr><th scope="col">Metric</th>${
    attacks[0].ranks.map((r) => `<th scope="col" class="num">${esc(r.attack)}</th>`).join("")
  }</tr></thead>
<tbody>${
    attacks.map((m) =>
      `<tr><th scope="row">${esc(m.metric)}</th>${
        m.ranks.map((r) =>
          `<td class="num" data-metric="${esc(m.metric)}" data-attack="${
            esc(r.attack)
          }" data-rank="${r.rank}">${r.rank}/${m.systems + 1}</td>`
        ).join("")
      }</tr>`
    ).join("\n")
  }</tbody></table></div>`;
}
