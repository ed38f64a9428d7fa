#!/usr/bin/env python3
"""Writes the held-out pages (testdata/content/_holdout/<site>/) from the sources in sites/.

The held-out pages check the extractor on templates and languages the labelled set does
not have, with labels written by the set's rules (../../README.md). They reuse the set's
generator (../../_gen/gen.py: its block markup, its labels, its Renderer) and write here
instead of into the set.

    python3 make.py            # every site
    python3 make.py forum-pt   # one site
"""
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SET_GEN = os.path.join(HERE, "..", "..", "_gen")


def main(argv):
    sys.path.insert(0, HERE)
    sys.path.insert(1, SET_GEN)
    gen = importlib.import_module("gen")
    gen.OUT = os.path.dirname(HERE)
    names = argv or sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "sites")) if f.endswith(".py") and not f.startswith("_"))
    for n in names:
        mod = importlib.import_module("sites." + n.replace("-", "_"))
        gen.write_site(mod)


if __name__ == "__main__":
    main(sys.argv[1:])
