"""Make reference.json: gec-metrics' own LLM-S, LLM-E and Scribendi code, run from source with
the test server's deterministic answers (tests/llm_server.ts) in place of a model.

Needs a checkout of gotutiyan/gec-metrics (commit 320c830) and sublee/trueskill 0.4.5 on
PYTHONPATH, fuzzywuzzy 0.18 with python-Levenshtein, and empty stand-in modules for what these
files import but never use here (numpy, torch, openai, outlines, pydantic.BaseModel,
transformers.{AutoModelForCausalLM,AutoTokenizer,BitsAndBytesConfig},
gecommon.{apply_edits,CachedERRANT}). LLM-E's edit form (ERRANT's, which needs spaCy) is taken
from the prompts gecscore sent (`forms`, source TAB output -> edit form); the template, the
choice of outputs, the order, the spreading and the ratings are gec-metrics'.

Usage: python3 make_reference.py s|e|scribendi < input.json
  input.json: {"sources": [...], "hypotheses": [[system 1's lines], ...], "forms": {...}}
"""
import json, math, sys


def points(t):  # the test server's judge
    return 1 + sum(ord(c) for c in t) % 5


def word_logprob(w):  # the test server's log-probability of a word
    return -(1 + sum(ord(c) for c in w) % 7) / 4


def targets(prompt):
    s = prompt.index("\n# targets\n") + len("\n# targets\n")
    return prompt[s:prompt.index("\n\n# output format")].split("\n")


def main():
    variant = sys.argv[1]
    data = json.load(sys.stdin)
    if variant == "scribendi":
        from gec_metrics.metrics.scribendi import Scribendi

        class Judge(Scribendi):
            def __init__(self):
                self.config = self.Config()

            def ppl(self, sents):
                out = []
                for s in sents:
                    ws = s.split(" ")[1:]
                    out.append(math.exp(-sum(map(word_logprob, ws)) / len(ws)) if ws else math.nan)
                return out

        m = Judge()
        print(json.dumps({
            "sentence": [m.score_sentence(data["sources"], h) for h in data["hypotheses"]],
            "corpus": [m.score_corpus(data["sources"], h) for h in data["hypotheses"]],
        }))
        return
    from gec_metrics.metrics.llm_kobayashi24 import LLMKobayashi24, LLMKobayashi24OpenAIEdit
    sent = []

    class Judge(LLMKobayashi24):
        def load_client(self):
            return None

        def call_client(self, instruction, output_format):
            sent.append(instruction)
            scores = {f"target_score{i + 1}": points(t) for i, t in enumerate(targets(instruction))}
            return {"choices": [{"message": {"content": json.dumps(scores)}}]}

        def hyp_form(self, src, hyp):
            return data["forms"][src + "\t" + hyp] if variant == "e" else hyp

    config = Judge.Config(model="judge", cache="/tmp/make_reference_%s.cache" % variant)
    if variant == "e":
        config.instruction_template = LLMKobayashi24OpenAIEdit.Config.instruction_template
    import os
    if os.path.exists(config.cache):
        os.remove(config.cache)
    m = Judge(config)
    ts = m.rank_systems(data["sources"], data["hypotheses"], aggregation="trueskill")
    prompts = list(sent)
    ew = m.rank_systems(data["sources"], data["hypotheses"], aggregation="expected_wins")
    print(json.dumps({"prompts": prompts, "trueskill": ts, "expected_wins": ew}, ensure_ascii=False))


main()
