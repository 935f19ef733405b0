/**
 * The sentence browser's script, inlined in the page: plain ES2017 with no dependencies. It
 * reads the page's embedded JSON (`#report-data`), filters and sorts the sentences, and renders
 * one page of them at a time with token diffs computed on the fly, so a corpus of any size
 * costs one JSON parse and a page of rendering.
 *
 * Data layout (`sents[i]`): `[source, refs, typeIndices, hyps, scores, systemsDisagree,
 * metricsDisagree, goldEdits?, compared?]` where a reference or hypothesis equal to the source
 * is `0`, `scores[system * metrics + metric]` is the sentence headline (null when undefined),
 * `goldEdits[annotator]` lists `[start, end, typeIndex, correction]` and `compared[system]` is
 * `[annotatorIndex, matchedEditIndices]`. When a system has its own edits (a hypothesis M2, or
 * the annotator's for a plain-text output), a tenth entry `systemEdits[system]` lists them as
 * `[start, end, type, correction]` (`0` for a system without edits; `goldEdits` and
 * `compared` are then `null` when absent).
 *
 * @module
 */

/** The script (no `<script>` tags). */
export const BROWSER_SCRIPT: string = String.raw`(function () {
"use strict";
var D = JSON.parse(document.getElementById("report-data").textContent);
var S = D.sents, NM = D.metrics.length, NS = D.systems.length;
var el = function (id) { return document.getElementById(id); };
var list = el("sb-list"), status = el("sb-status");
var state = { word: "", type: "", sort: "order", page: 0, size: 25 };
var view = [];
function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function toks(s) { return s === "" ? [] : s.split(" "); }
function diff(a, b) {
  var h = 0, t = 0;
  while (h < a.length && h < b.length && a[h] === b[h]) h++;
  while (t < a.length - h && t < b.length - h && a[a.length - 1 - t] === b[b.length - 1 - t]) t++;
  var x = a.slice(h, a.length - t), y = b.slice(h, b.length - t), w = y.length + 1;
  var L = new Uint32Array((x.length + 1) * w), i, j;
  for (i = x.length - 1; i >= 0; i--) for (j = y.length - 1; j >= 0; j--)
    L[i * w + j] = x[i] === y[j] ? L[(i + 1) * w + j + 1] + 1 : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
  var out = [], dels = [], inss = [];
  function push(k, tok) { var last = out[out.length - 1]; if (last && last.k === k) last.t.push(tok); else out.push({ k: k, t: [tok] }); }
  function flush() { dels.forEach(function (d) { push("del", d); }); inss.forEach(function (d) { push("ins", d); }); dels = []; inss = []; }
  for (i = 0; i < h; i++) push("same", a[i]);
  i = 0; j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) { flush(); push("same", x[i]); i++; j++; }
    else if (j >= y.length || (i < x.length && L[(i + 1) * w + j] >= L[i * w + j + 1])) dels.push(x[i++]);
    else inss.push(y[j++]);
  }
  flush();
  for (i = a.length - t; i < a.length; i++) push("same", a[i]);
  return out;
}
function diffHtml(src, tgt) {
  if (tgt === 0) return '<span class="same">' + esc(src) + '</span> <span class="unch">(unchanged)</span>';
  return diff(toks(src), toks(tgt)).map(function (r) {
    var text = esc(r.t.join(" "));
    if (r.k === "same") return text;
    if (r.k === "del") return '<del><span class="vh">deleted: </span>' + text + "</del>";
    return '<ins><span class="vh">inserted: </span>' + text + "</ins>";
  }).join(" ");
}
function fmt(v) { return v === null || v === undefined ? "n/a" : v.toFixed(4); }
function editsHtml(s, sys) {
  var gold = s[7], cmp = s[8];
  if (!gold || !cmp || !cmp[sys]) return "";
  var edits = gold[cmp[sys][0]] || [];
  if (!edits.length) return "";
  var made = {};
  cmp[sys][1].forEach(function (k) { made[k] = true; });
  var src = toks(s[0]);
  return '<div class="edits">' + edits.map(function (e, k) {
    var ok = made[k] === true;
    var orig = src.slice(e[0], e[1]).join(" ");
    return '<span class="chip ' + (ok ? "ok" : "miss") + '" title="gold edit ' + (ok ? "made" : "missed") +
      '"><span aria-hidden="true">' + (ok ? "\u2713 " : "\u2717 ") + '</span><span class="vh">' + (ok ? "made" : "missed") +
      ": </span>" + (e[2] >= 0 ? esc(D.types[e[2]]) + " " : "") + esc(orig || "\u2205") + " \u2192 " + esc(e[3] || "\u2205") + "</span>";
  }).join(" ") + "</div>";
}
function ownEditsHtml(s, sys) {
  var edits = s[9] && s[9][sys];
  if (!edits || !edits.length) return "";
  var src = toks(s[0]);
  return '<div class="edits own">' + edits.map(function (e) {
    var orig = src.slice(e[0], e[1]).join(" ");
    return '<span class="chip edit" title="edit made by the system"><span class="vh">system edit: </span>' +
      (e[2] ? esc(e[2]) + " " : "") + esc(orig || "\u2205") + " \u2192 " + esc(e[3] || "\u2205") + "</span>";
  }).join(" ") + "</div>";
}
function card(i) {
  var s = S[i], h = [];
  var types = s[2].map(function (k) { return esc(D.types[k]); }).join(", ");
  h.push('<article class="sent" tabindex="0" aria-labelledby="sent-' + i + '"><h3 id="sent-' + i + '">Sentence ' + (i + 1) +
    (types ? ' <span class="types">' + types + "</span>" : "") +
    (NS > 1 ? ' <span class="dis">systems disagree ' + s[5].toFixed(2) + "</span>" : "") +
    (NM > 1 ? ' <span class="dis">metrics disagree ' + s[6].toFixed(2) + "</span>" : "") + "</h3>");
  h.push('<div class="row src"><div class="who">source</div><div class="toks">' + esc(s[0]) + "</div><div></div></div>");
  for (var k = 0; k < NS; k++) {
    var sc = [];
    for (var m = 0; m < NM; m++) sc.push('<span class="m">' + esc(D.metrics[m]) + " " + fmt(s[4][k * NM + m]) + "</span>");
    h.push('<div class="row hyp"><div class="who">' + esc(D.systems[k]) + '</div><div class="toks">' + diffHtml(s[0], s[3][k]) +
      ownEditsHtml(s, k) + editsHtml(s, k) + '</div><div class="sc">' + sc.join(" ") + "</div></div>");
  }
  s[1].forEach(function (r, k) {
    h.push('<div class="row ref"><div class="who">reference ' + (k + 1) + '</div><div class="toks">' + diffHtml(s[0], r) + "</div><div></div></div>");
  });
  h.push("</article>");
  return h.join("");
}
function matches(s, word) {
  if (s[0].toLowerCase().indexOf(word) >= 0) return true;
  for (var k = 0; k < s[3].length; k++) if (s[3][k] !== 0 && s[3][k].toLowerCase().indexOf(word) >= 0) return true;
  for (k = 0; k < s[1].length; k++) if (s[1][k] !== 0 && s[1][k].toLowerCase().indexOf(word) >= 0) return true;
  return false;
}
function refilter() {
  var word = state.word.trim().toLowerCase(), type = state.type === "" ? -1 : Number(state.type);
  view = [];
  for (var i = 0; i < S.length; i++) {
    if (type >= 0 && S[i][2].indexOf(type) < 0) continue;
    if (word && !matches(S[i], word)) continue;
    view.push(i);
  }
  var key = state.sort === "sys" ? 5 : state.sort === "met" ? 6 : -1;
  if (key >= 0) view.sort(function (a, b) { return S[b][key] - S[a][key] || a - b; });
  else if (state.sort === "len") view.sort(function (a, b) { return toks(S[b][0]).length - toks(S[a][0]).length || a - b; });
  state.page = 0;
}
function render() {
  var pages = Math.max(1, Math.ceil(view.length / state.size));
  if (state.page >= pages) state.page = pages - 1;
  var from = state.page * state.size, to = Math.min(view.length, from + state.size);
  list.innerHTML = view.slice(from, to).map(card).join("");
  list.setAttribute("data-count", String(view.length));
  status.textContent = view.length
    ? "Sentences " + (from + 1) + "\u2013" + to + " of " + view.length + (view.length < S.length ? " (filtered from " + S.length + ")" : "") + ", page " + (state.page + 1) + " of " + pages
    : "No sentence matches (of " + S.length + ")";
  el("sb-prev").disabled = state.page === 0;
  el("sb-next").disabled = state.page >= pages - 1;
  el("sb-page").value = String(state.page + 1);
  el("sb-page").max = String(pages);
}
function go(page) { state.page = page; render(); }
var timer = 0;
el("sb-word").addEventListener("input", function (e) {
  clearTimeout(timer);
  timer = setTimeout(function () { state.word = e.target.value; refilter(); render(); }, 150);
});
el("sb-type").addEventListener("change", function (e) { state.type = e.target.value; refilter(); render(); });
el("sb-sort").addEventListener("change", function (e) { state.sort = e.target.value; refilter(); render(); });
el("sb-size").addEventListener("change", function (e) { state.size = Number(e.target.value); state.page = 0; render(); });
el("sb-prev").addEventListener("click", function () { go(state.page - 1); });
el("sb-next").addEventListener("click", function () { go(state.page + 1); });
el("sb-page").addEventListener("change", function (e) {
  var p = Math.floor(Number(e.target.value)) - 1;
  if (p >= 0) go(p); else render();
});
document.addEventListener("keydown", function (e) {
  var tag = e.target && e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.altKey || e.ctrlKey || e.metaKey) return;
  var cards = Array.prototype.slice.call(list.querySelectorAll(".sent"));
  var at = cards.indexOf(document.activeElement);
  if (e.key === "j" || e.key === "k") {
    if (!cards.length) return;
    var next = e.key === "j" ? Math.min(at + 1, cards.length - 1) : Math.max(at - 1, 0);
    cards[next].focus();
    e.preventDefault();
  } else if ((e.key === "n" || e.key === "p") && (at >= 0 || e.target === document.body)) {
    var pages = Math.ceil(view.length / state.size);
    var page = state.page + (e.key === "n" ? 1 : -1);
    if (page >= 0 && page < pages) { go(page); var first = list.querySelector(".sent"); if (first) first.focus(); }
    e.preventDefault();
  }
});
window.addEventListener("beforeprint", function () {
  Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
});
refilter();
render();
})();`;
