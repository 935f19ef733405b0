"""python3 cleme2_run.py CLEME_DIR REF.m2 HYP.m2 corpus|sentence dependent|independent
CLEME2.0 as the CLEME repository's main.py runs it (--metric cleme2), with the chunk
weigher WeigherType.NONE instead of BERTScore similarity."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stubs  # noqa: F401
cleme_dir, ref, hyp, level, assumption = sys.argv[1:6]
sys.path.insert(0, os.path.abspath(cleme_dir))
from core.evaluation.metrics import DependentCLEME, IndependentCLEME
from core.evaluation.scorers import HEUOEditScorer
from core.evaluation.weighers import WeigherType
from core.readers import M2DataReaderWriter

factors = {"corpus": (0.45, 0.35, 0.15, 0.05), "sentence": (0.35, 0.25, 0.20, 0.20)}[level]
scorer = HEUOEditScorer(factor_hit=factors[0], factor_err=factors[1], factor_und=factors[2],
                        factor_ove=factors[3], print_table=False)
cls = DependentCLEME if assumption == "dependent" else IndependentCLEME
reader = M2DataReaderWriter()
ref_dataset = reader.read(ref)
hyp_dataset = reader.read(hyp)
metric = cls(lang="eng", scorer=scorer, weigher_type=WeigherType.NONE)
score, _ = metric.evaluate(hyp_dataset, ref_dataset)
print(score)
