"""Run one gec-metrics metric on one system, the way gec-metrics' own CLI does
(`gecmetrics-eval`: read lines, strip them, score_corpus), without importing the
package's __init__ (which loads transformers, torch, openai, ...).

  python3 gecm_run.py GECM_DIR green|gleu|gleuofficial SRC HYP REF...      (raw text)
  python3 gecm_run.py GECM_DIR errant|senterrant|gotoscorer REF.m2 HYP.m2  (ERRANT M2)

For the edit-based metrics, ERRANT's spaCy edit extraction is replaced by the edits of
the M2 files (errant.load() returns an annotator that looks them up)."""
import importlib, os, sys, types
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stubs  # noqa: F401

gecm_dir, metric_id = sys.argv[1], sys.argv[2]
pkg = os.path.join(os.path.abspath(gecm_dir), "src", "gec_metrics")
for name, path in (("gec_metrics", pkg), ("gec_metrics.metrics", os.path.join(pkg, "metrics"))):
    mod = types.ModuleType(name)
    mod.__path__ = [path]
    sys.modules[name] = mod


class Edit:
    __slots__ = ("o_start", "o_end", "c_str", "type")

    def __init__(self, o_start, o_end, c_str, type_):
        self.o_start, self.o_end, self.c_str, self.type = o_start, o_end, c_str, type_


def read_m2(path):
    """[(source, {coder: [Edit]})] in file order."""
    blocks = []
    for block in open(path, encoding="utf-8").read().strip().split("\n\n"):
        lines = block.split("\n")
        src = lines[0][2:]
        coders = {}
        for line in lines[1:]:
            f = line[2:].split("|||")
            start, end = map(int, f[0].split())
            coders.setdefault(int(f[-1]), []).append(Edit(start, end, f[2], f[1]))
        blocks.append((src, coders))
    return blocks


class M2Annotator:
    """errant.load() stand-in: parse() is the identity, annotate() returns the M2 edits
    stored under the key that stands in for the corrected sentence."""

    def __init__(self):
        self.edits = {}

    def parse(self, sentence):
        return sentence

    def annotate(self, orig, cor):
        return self.edits[cor]


annotator = M2Annotator()
import errant  # the shim module
errant.load = lambda *a, **k: annotator


def read_lines(path):
    return [s.strip() for s in open(path).read().rstrip().split("\n")]


if metric_id in ("green", "gleu", "gleuofficial"):
    src, hyp, refs = sys.argv[3], sys.argv[4], sys.argv[5:]
    if metric_id == "green":
        cls = importlib.import_module("gec_metrics.metrics.green").GREEN
    else:
        m = importlib.import_module("gec_metrics.metrics.gleu")
        cls = m.GLEU if metric_id == "gleu" else m.GLEUOfficial
    scorer = cls(cls.Config())
    score = scorer.score_corpus(read_lines(src), read_lines(hyp), [read_lines(r) for r in refs])
else:
    ref_m2, hyp_m2 = sys.argv[3], sys.argv[4]
    gold, system = read_m2(ref_m2), read_m2(hyp_m2)
    n_refs = 1 + max(c for _, coders in gold for c in coders)
    sources, hyps, refs = [], [], [[] for _ in range(n_refs)]
    for i, ((src, coders), (_, hcoders)) in enumerate(zip(gold, system)):
        sources.append(src)
        key = f"\x00hyp {i}"
        annotator.edits[key] = hcoders.get(0, [])
        hyps.append(key)
        for r in range(n_refs):
            key = f"\x00ref{r} {i}"
            annotator.edits[key] = coders.get(r, [])
            refs[r].append(key)
    if metric_id == "gotoscorer":
        cls = importlib.import_module("gec_metrics.metrics.gotoscorer").GoToScorer
    else:
        cls = importlib.import_module("gec_metrics.metrics.errant").ERRANT
    scorer = cls(cls.Config())
    if metric_id == "senterrant":
        scores = scorer.score_sentence(sources, hyps, refs)
        score = sum(scores) / len(scores)
    else:
        score = scorer.score_corpus(sources, hyps, refs)
print(f"Score={score} | Metric={metric_id} | hyp_file={sys.argv[4]}")
