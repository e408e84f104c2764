"""Balance sweeps: one level played once per seed, headless, with per-run metrics taken
from the event stream (python -m pysim sweep LEVEL --seeds N).

Not a rule package (pysim/core/game.py RULE_PACKAGES leaves it out) and not compiled (see
setup.py): it only drives games, and imports tqdm, matplotlib and distributed lazily.

  metrics.py  the metric registry (@metric) and the built-in metrics
  play.py     one seed played to the end, a row of metric values (runs in the workers)
  local.py    seeds spread over local processes; cluster.py the same on a Dask cluster
  store.py    the output folder: the run journal (resume), runs.csv
  stats.py    confidence intervals, medians and ranges; the terminal summary
  report.py   PNG plots and the HTML page
  sweep.py    the whole sweep: progress bar, Ctrl-C, resume
"""
