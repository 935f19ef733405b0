"""Import shims: dummy modules for packages that are not installed and that the
measured code paths do not use (spaCy, ERRANT, rapidfuzz, ...)."""
import importlib.abc, importlib.machinery, sys, types

STUBBED = {"spacy", "errant", "rapidfuzz", "tabulate", "tqdm", "trueskill", "gecommon",
           "bert_score", "ltp", "pypinyin", "Levenshtein", "torch", "transformers"}

class _Meta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Stub

class _Stub(metaclass=_Meta):
    def __init__(self, *a, **k):
        pass

class _Token:
    __slots__ = ("text",)
    def __init__(self, text):
        self.text = text

class _Doc(list):
    def __init__(self, vocab=None, words=()):
        super().__init__(_Token(w) for w in words)
    @property
    def text(self):
        return " ".join(t.text for t in self)

class _Pipeline:
    vocab = None
    def __call__(self, doc):
        return doc if isinstance(doc, _Doc) else _Doc(None, doc.split())

class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        m = types.ModuleType(spec.name)
        m.__path__ = []
        def __getattr__(name):
            if name.startswith("__"):
                raise AttributeError(name)
            return _Stub
        m.__getattr__ = __getattr__
        return m
    def exec_module(self, module):
        if module.__name__ in ("tqdm", "tqdm.auto"):
            # a progress bar that shows nothing: the iterable itself
            module.tqdm = lambda iterable=None, *a, **k: iterable
        elif module.__name__ == "tabulate":
            # plain tab-separated rows instead of a drawn table
            def tabulate(rows, headers=(), *a, **k):
                lines = ["\t".join(map(str, headers))] if headers else []
                return "\n".join(lines + ["\t".join(map(str, r)) for r in rows])
            module.tabulate = tabulate
        elif module.__name__ in ("spacy", "spacy.tokens"):
            # no spaCy model: a "Doc" is the whitespace tokens, and running the
            # pipeline on it returns it unchanged (the code only reads token.text)
            module.Doc = _Doc
            module.load = lambda *a, **k: _Pipeline()

class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in STUBBED:
            return importlib.machinery.ModuleSpec(fullname, _Loader(), is_package=True)
        return None

sys.meta_path.insert(0, _Finder())
