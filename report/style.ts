/**
 * The report page's style sheet, inlined in the page: system fonts only, a narrow-screen
 * layout, and a print layout without the browser's controls.
 *
 * @module
 */

/** The CSS (no `<style>` tags). */
export const REPORT_CSS: string = `
:root { --fg: #1b1b1b; --muted: #5a5a5a; --line: #d6d6d6; --bg: #fff; --alt: #f5f6f8;
  --ins: #0b6b2b; --ins-bg: #dcf5e3; --del: #a4161a; --del-bg: #fbe0e0; --accent: #1f5fa8; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; color: var(--fg); background: var(--bg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header, main, footer { max-width: 1640px; margin: 0 auto; padding: 0 16px; }
main p, main dl, .warnings { max-width: 1200px; }
header { padding-top: 16px; }
h1 { font-size: 1.5rem; margin: 0 0 .3rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .6rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 0 0 .4rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f0a30a; outline-offset: 2px; }
.meta { color: var(--muted); margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: .2rem 1.2rem; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .6rem 0 0; }
.warnings { border-left: 4px solid #c77c02; background: #fff6e5; padding: .4rem .8rem; }
.scroll { overflow-x: auto; max-width: 100%; position: relative; }
table { border-collapse: collapse; margin: .4rem 0 1rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: .2rem 0; caption-side: top; white-space: normal;
  overflow-wrap: anywhere; position: sticky; left: 0; max-width: calc(100vw - 32px); }
th, td { padding: .25rem .5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { border-bottom: 2px solid var(--fg); white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
tbody tr:nth-child(even) { background: var(--alt); }
td.best { font-weight: 700; }
table.summary { font-size: .9rem; }
table.summary th, table.summary td { padding: .25rem .4rem; }
table.summary tbody th, table.summary tbody td { vertical-align: baseline; }
table.summary th.group { text-align: center; border-bottom: 1px solid var(--line); }
table.summary th[rowspan] { vertical-align: bottom; }
table.summary thead tr + tr th { white-space: normal; }
table.summary colgroup + colgroup { border-left: 1px solid var(--line); }
.ci, .p { color: var(--muted); }
td.ci { font-size: .9em; }
dl.sigs { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; }
dl.sigs dd { margin: 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; overflow-wrap: anywhere; }
figure { margin: 0 0 1rem; break-inside: avoid; page-break-inside: avoid; }
figcaption { color: var(--muted); font-size: .9rem; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
svg.chart { max-width: 100%; height: auto; }
.controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; background: var(--alt);
  padding: .6rem .8rem; border-radius: 6px; }
.controls label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }
.controls input, .controls select, .controls button { font: inherit; color: var(--fg); padding: .25rem .4rem; min-height: 2rem; }
.pager { display: flex; gap: .5rem; align-items: center; margin: .6rem 0; flex-wrap: wrap; }
.pager input { width: 5em; }
#sb-status { margin: .4rem 0; }
.sent { border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; margin: .6rem 0; break-inside: avoid; page-break-inside: avoid; }
.sent h3 .types { font-weight: 400; color: var(--muted); margin-left: .5rem; }
.sent h3 .dis { font-weight: 400; font-size: .8rem; color: var(--muted); margin-left: .5rem; }
.row { display: grid; grid-template-columns: 9rem 1fr auto; gap: .1rem .8rem; padding: .15rem 0; border-top: 1px dotted var(--line); }
.row .who { font-weight: 600; overflow-wrap: anywhere; }
.row.src .toks { font-weight: 500; }
.row.ref .who { color: var(--muted); font-weight: 400; }
.row .sc { color: var(--muted); font-size: .85rem; white-space: nowrap; font-variant-numeric: tabular-nums; }
.row .sc .m { margin-left: .6rem; }
.toks { overflow-wrap: anywhere; }
ins { color: var(--ins); background: var(--ins-bg); text-decoration: none; font-weight: 600; border-radius: 2px; padding: 0 2px; }
del { color: var(--del); background: var(--del-bg); text-decoration: line-through; border-radius: 2px; padding: 0 2px; }
.unch { color: var(--muted); font-size: .85rem; }
.edits { margin-top: .15rem; display: flex; flex-wrap: wrap; gap: .25rem; }
.chip { font-size: .8rem; border-radius: 10px; padding: 0 .5rem; border: 1px solid; }
.chip.ok { color: var(--ins); border-color: var(--ins); background: var(--ins-bg); }
.chip.miss { color: var(--del); border-color: var(--del); background: #fff; }
.chip.edit { color: var(--accent); border-color: var(--accent); background: #eef4fb; }
.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.help { color: var(--muted); font-size: .85rem; }
footer { color: var(--muted); font-size: .85rem; padding: 2rem 16px; }
@media (max-width: 640px) {
  body { font-size: 14px; }
  .row { grid-template-columns: 1fr; }
  .row .sc .m:first-child { margin-left: 0; }
  th, td { padding: .2rem .35rem; }
}
@media print {
  body { font-size: 10pt; }
  nav, .controls, .pager, .help, noscript { display: none !important; }
  a { color: inherit; text-decoration: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
  .scroll { overflow: visible; }
  tbody tr:nth-child(even) { background: none; }
  ins, del, .chip { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
