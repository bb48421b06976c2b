# lit configuration of the robustness suite: tests/lit's tools and
# substitutions, this folder's tests.
import os
import sys

lit_config.load_config(
    config, os.path.join(config.source_root, "tests", "lit", "lit.cfg.py"))

config.name = "gluonc-robustness"
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "lit.cfg.py", "tree_digest.py", "max_rss.py"]
# `%tree-digest DIR` lists DIR's entries with their contents' hashes: a
# digest before and one after a command, diffed, show that it changed
# nothing there.
digest = os.path.join(config.test_source_root, "tree_digest.py")
config.substitutions.insert(0, ("%tree-digest", f'"{sys.executable}" "{digest}"'))
# `%max-rss MB COMMAND...` fails when COMMAND's peak memory passes MB.
rss = os.path.join(config.test_source_root, "max_rss.py")
config.substitutions.insert(0, ("%max-rss", f'"{sys.executable}" "{rss}"'))
# `%python` runs a one-line generator of long arguments.
config.substitutions.insert(0, ("%python", f'"{sys.executable}"'))
